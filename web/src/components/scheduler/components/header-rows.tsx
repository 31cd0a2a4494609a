import { memo, type CSSProperties } from 'react';
import type { HeaderModel } from '../layout/header-cells';
import classes from '../scheduler.module.css';
import type { SchedulerZoom } from '../types';

/** Heights of the three header rows; they add up to 124 px in the day view and 80 px otherwise. */
export function headerRowHeights(zoom: SchedulerZoom): [number, number, number] {
  return zoom === 1 ? [28, 28, 68] : zoom === 0 ? [22, 22, 36] : [26, 26, 28];
}

export interface HeaderRowsProps {
  header: HeaderModel;
  zoom: SchedulerZoom;
  width: number;
}

/** A header row of labelled spans (years, months, weeks or dates above the columns). */
function SpanRow({ spans, height }: { spans: HeaderModel['top']; height: number }) {
  return (
    <div className={classes.headerRow} style={{ height }}>
      {spans.map((span) => (
        <div
          key={span.key}
          className={classes.spanCell}
          style={
            { left: span.left, width: span.width, '--pts-span-end': `${span.left + span.width}px` } as CSSProperties
          }
          data-current={span.isCurrent || undefined}
        >
          <span className={classes.spanLabel}>{span.label}</span>
        </div>
      ))}
    </div>
  );
}

export const HeaderRows = memo(function HeaderRows({ header, zoom, width }: HeaderRowsProps) {
  const [topHeight, middleHeight, bottomHeight] = headerRowHeights(zoom);
  return (
    <div className={classes.header} style={{ width }}>
      <SpanRow spans={header.top} height={topHeight} />
      <SpanRow spans={header.middle} height={middleHeight} />
      <div className={classes.headerRow} style={{ height: bottomHeight }}>
        {header.columns.map((column) => (
          <div
            key={column.start}
            className={classes.columnCell}
            style={{ left: column.left, width: column.width }}
            data-zoom={zoom}
            data-weekend={column.isWeekend || undefined}
            data-current={column.isCurrent || undefined}
          >
            {zoom === 1 && column.sublabel && <span className={classes.columnSublabel}>{column.sublabel}</span>}
            <span className={classes.columnLabel}>{column.label}</span>
            {zoom === 0 && column.sublabel && <span className={classes.columnSublabel}>{column.sublabel}</span>}
          </div>
        ))}
      </div>
    </div>
  );
});

import { memo, type MouseEvent as ReactMouseEvent } from 'react';
import { DAY_CELL_WIDTH_IN_WEEK_VIEW, ROW_HEIGHT } from '../layout/constants';
import { formatDate } from '../layout/dates';
import type { HeaderModel } from '../layout/header-cells';
import type { TimelineWindow } from '../layout/ranges';
import type { GridLayout } from '../layout/stacking';
import { offsetForDate, tilePosition, tileTop } from '../layout/tile-position';
import classes from '../scheduler.module.css';
import type { SchedulerBooking, SchedulerResource } from '../types';
import { Tile } from './tile';

export interface GridBodyProps {
  window: TimelineWindow;
  header: HeaderModel;
  layout: GridLayout;
  now: number;
  localeCode: string;
  onTileClick?: (booking: SchedulerBooking, resource: SchedulerResource) => void;
  onMouseMove?: (event: ReactMouseEvent<HTMLDivElement>) => void;
  onMouseLeave?: () => void;
}

function timeLabel(start: number, end: number, localeCode: string): string {
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  const from = formatDate(start, 'ddd D MMM, HH:mm', localeCode);
  const to = formatDate(end, sameDay ? 'HH:mm' : 'ddd D MMM, HH:mm', localeCode);
  return `${from} – ${to}`;
}

/** Column lines, plus the weekend part of each week column in the week view. */
function gridBackground(window: TimelineWindow): { backgroundImage: string; backgroundSize: string } {
  const line = `linear-gradient(to right, var(--pts-border) 1px, transparent 1px)`;
  if (window.zoom !== 0) return { backgroundImage: line, backgroundSize: `${window.columnWidth}px 100%` };
  const weekendStart = DAY_CELL_WIDTH_IN_WEEK_VIEW * 5;
  const weekend = `linear-gradient(to right, transparent ${weekendStart}px, var(--pts-weekend) ${weekendStart}px)`;
  return {
    backgroundImage: `${line}, ${weekend}`,
    backgroundSize: `${window.columnWidth}px 100%, ${window.columnWidth}px 100%`,
  };
}

export const GridBody = memo(function GridBody(props: GridBodyProps) {
  const { window, header, layout, now, localeCode } = props;
  const nowOffset = now >= window.start && now < window.end ? offsetForDate(now, window) : null;

  return (
    <div
      className={classes.grid}
      style={{ width: window.width, height: layout.totalHeight }}
      onMouseMove={props.onMouseMove}
      onMouseLeave={props.onMouseLeave}
    >
      {header.columns.map((column) =>
        column.isCurrent ? (
          <div
            key={`c${column.start}`}
            className={classes.currentColumn}
            style={{ left: column.left, width: column.width }}
          />
        ) : column.isWeekend ? (
          <div key={`w${column.start}`} className={classes.shade} style={{ left: column.left, width: column.width }} />
        ) : null,
      )}
      <div className={classes.gridLines} style={gridBackground(window)} />

      {layout.resources.map((row) => (
        <div key={row.resource.id} className={classes.resourceBand} style={{ top: row.top, height: row.height }}>
          {row.rows.slice(1).map((_, i) => (
            <div key={i} className={classes.subRowLine} style={{ top: (i + 1) * ROW_HEIGHT }} />
          ))}
        </div>
      ))}

      {nowOffset !== null && <div className={classes.nowLine} style={{ left: nowOffset }} />}

      {layout.resources.map((row) =>
        row.rows.map((subRow, subIndex) =>
          subRow.map((item) => {
            const position = tilePosition(item.start, item.end, window);
            if (!position) return null;
            return (
              <Tile
                key={`${row.resource.id}:${item.booking.id}`}
                item={item}
                resource={row.resource}
                position={position}
                top={tileTop(row.top, subIndex)}
                timeLabel={timeLabel(item.start, item.end, localeCode)}
                onTileClick={props.onTileClick}
              />
            );
          }),
        ),
      )}
    </div>
  );
});

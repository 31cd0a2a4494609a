import { forwardRef } from 'react';
import { formatHoursMinutes, type CellOccupancy } from '../layout/occupancy';
import classes from '../scheduler.module.css';
import type { SchedulerLangDictionary } from '../types';

export interface OccupancyTooltipContent {
  title: string;
  dateLabel: string;
  occupancy: CellOccupancy;
}

export interface OccupancyTooltipProps {
  content: OccupancyTooltipContent | null;
  t: SchedulerLangDictionary;
}

/** Positioned by the grid's mouse handler through the forwarded ref (no re-render per move). */
export const OccupancyTooltip = forwardRef<HTMLDivElement, OccupancyTooltipProps>(function OccupancyTooltip(
  { content, t },
  ref,
) {
  return (
    <div ref={ref} className={classes.tooltip} role="tooltip" hidden={!content}>
      {content && (
        <>
          <div className={classes.tooltipTitle}>{content.title}</div>
          <div className={classes.tooltipDate}>{content.dateLabel}</div>
          <div className={classes.tooltipRow}>
            <span className={classes.dot} style={{ background: 'var(--pts-primary)' }} />
            {t.taken}
            <span className={classes.tooltipValue}>{formatHoursMinutes(content.occupancy.takenMinutes)}</span>
          </div>
          <div className={classes.tooltipRow}>
            <span className={classes.dot} style={{ background: 'var(--pts-neutral)' }} />
            {t.free}
            <span className={classes.tooltipValue}>{formatHoursMinutes(content.occupancy.freeMinutes)}</span>
          </div>
          <div className={classes.tooltipRow}>
            <span className={classes.dot} style={{ background: 'var(--pts-secondary)' }} />
            {t.over}
            <span className={classes.tooltipValue}>{formatHoursMinutes(content.occupancy.overtimeMinutes)}</span>
          </div>
        </>
      )}
    </div>
  );
});

import { UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { TILE_HEIGHT } from '../layout/constants';
import { tileTextColor } from '../layout/luminance';
import type { TimedBooking } from '../layout/stacking';
import type { TilePosition } from '../layout/tile-position';
import classes from '../scheduler.module.css';
import type { SchedulerBooking, SchedulerResource } from '../types';

export interface TileProps {
  item: TimedBooking;
  resource: SchedulerResource;
  position: TilePosition;
  top: number;
  /** Accessible description of the dates, e.g. "Mon 16 Mar, 09:00 – 11:00". */
  timeLabel: string;
  onTileClick?: (booking: SchedulerBooking, resource: SchedulerResource) => void;
}

export const Tile = memo(function Tile({ item, resource, position, top, timeLabel, onTileClick }: TileProps) {
  const { booking } = item;
  const background = booking.bgColor || 'var(--pts-primary)';
  const color = tileTextColor(booking.bgColor);
  const narrow = position.width < 28;
  const label = [booking.title, booking.subtitle, timeLabel, booking.description].filter(Boolean).join(' · ');
  return (
    <UnstyledButton
      className={classes.tile}
      style={{
        left: position.left,
        width: position.width,
        top,
        height: TILE_HEIGHT,
        background,
        color,
        ['--pts-tile-left' as string]: `${position.left}px`,
        ['--pts-tile-width' as string]: `${position.width}px`,
      }}
      data-cut-start={position.cutStart || undefined}
      data-cut-end={position.cutEnd || undefined}
      aria-label={label}
      onClick={() => onTileClick?.(booking, resource)}
    >
      {!narrow && (
        <span className={classes.tileContent}>
          <span className={classes.tileTitle}>{booking.title}</span>
          {/* A space between the words, so the visible text reads as the start of the label (Label in Name). */}{' '}
          {(booking.subtitle || timeLabel) && (
            <span className={classes.tileSubtitle}>{booking.subtitle || timeLabel}</span>
          )}
        </span>
      )}
    </UnstyledButton>
  );
});

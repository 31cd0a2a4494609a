import type { SchedulerBooking, SchedulerConfig, SchedulerResource } from '../../components/scheduler';
import type { TimelineEntry, SubFieldTimeline } from './api/types';

/** Availability tiles are purple, game tiles green (spec §2 and §5): both carry white text at 4.5:1 or more. */
export const AVAILABLE_COLOR = '#7048e8';
export const GAME_COLOR = '#17803f';
export const AVAILABLE_TITLE = 'Available';
export const GAME_TITLE = 'Game';

/** The owner calendar: zoom 2 (hours), 10 records per page, no tooltip (spec §2 and §9); no filters. */
export const OWNER_SCHEDULER_CONFIG: SchedulerConfig = {
  zoom: 2,
  maxRecordsPerPage: 10,
  showTooltip: false,
  filterButtonState: -1,
};

/** A tile id that names the entry it shows, so a click finds it again. */
export function bookingIdOf(entry: TimelineEntry): string {
  return entry.type === 'schedule' ? `schedule:${entry.fieldScheduleId}` : `game:${entry.gameId}`;
}

/** A game's tile: 'Game', and how many have checked in at the field once anyone has (issue #44). */
const gameTitle = (checkedIn: number) => (checkedIn > 0 ? `${GAME_TITLE} · ${checkedIn} checked in` : GAME_TITLE);

function bookingOf(entry: TimelineEntry): SchedulerBooking {
  const isAvailability = entry.type === 'schedule';
  return {
    id: bookingIdOf(entry),
    startDate: entry.startDate,
    endDate: entry.endDate,
    title: isAvailability ? AVAILABLE_TITLE : gameTitle(entry.checkedIn),
    bgColor: isAvailability ? AVAILABLE_COLOR : GAME_COLOR,
  };
}

/** GET /api/get-field-schedules as timeline rows: one resource per sub-field, its entries as tiles. */
export function buildResources(rows: readonly SubFieldTimeline[]): SchedulerResource[] {
  return rows.map((row) => ({
    id: row.subFieldId,
    label: { title: row.name },
    data: row.data.map(bookingOf),
  }));
}

export interface ClickedEntry {
  entry: TimelineEntry;
  subFieldId: string;
  subFieldName: string;
}

/** The entry (and its sub-field) behind a clicked tile; undefined when it is gone. */
export function findEntry(rows: readonly SubFieldTimeline[], bookingId: string): ClickedEntry | undefined {
  for (const row of rows) {
    const entry = row.data.find((candidate) => bookingIdOf(candidate) === bookingId);
    if (entry) return { entry, subFieldId: row.subFieldId, subFieldName: row.name };
  }
  return undefined;
}

/** How much of what came before an opening item the timeline shows, for context. */
export const LEAD_BEFORE_MS = 60 * 60_000;
/** A running item that began longer ago than this is not rewound to (its label stays in view anyway). */
const LONGEST_REWIND_MS = 12 * 60 * 60_000;

/**
 * Where the owner's timeline opens: an hour before the earliest entry running now (a game in
 * progress shows whole, not cut at the left edge), else an hour before now.
 */
export function openingTime(rows: readonly SubFieldTimeline[], now: number): Date {
  let start = now;
  for (const row of rows) {
    for (const entry of row.data) {
      const from = Date.parse(entry.startDate);
      const to = Date.parse(entry.endDate);
      if (from <= now && now < to && now - from <= LONGEST_REWIND_MS) start = Math.min(start, from);
    }
  }
  return new Date(start - LEAD_BEFORE_MS);
}

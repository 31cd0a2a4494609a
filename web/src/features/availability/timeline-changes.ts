import dayjs from 'dayjs';
import type { SubFieldTimeline } from './api/types';

const when = (startDate: string, endDate: string) =>
  `${dayjs(startDate).format('ddd D MMM, HH:mm')} – ${dayjs(endDate).format('HH:mm')}`;

/**
 * The bookings that arrived or went away between two versions of the owner's timeline, as sentences
 * to announce politely ('New booking on Pitch A, Thu 26 Nov, 18:00 – 19:00').
 */
export function timelineChanges(before: readonly SubFieldTimeline[], after: readonly SubFieldTimeline[]): string[] {
  const gamesBefore = new Set(
    before.flatMap((row) => row.data.flatMap((entry) => (entry.type === 'game' ? [entry.gameId] : []))),
  );
  const gamesAfter = new Set(
    after.flatMap((row) => row.data.flatMap((entry) => (entry.type === 'game' ? [entry.gameId] : []))),
  );
  const changes: string[] = [];
  for (const row of after)
    for (const entry of row.data)
      if (entry.type === 'game' && !gamesBefore.has(entry.gameId))
        changes.push(`New booking on ${row.name}, ${when(entry.startDate, entry.endDate)}`);
  for (const row of before)
    for (const entry of row.data)
      if (entry.type === 'game' && !gamesAfter.has(entry.gameId))
        changes.push(`Booking removed from ${row.name}, ${when(entry.startDate, entry.endDate)}`);
  return changes;
}

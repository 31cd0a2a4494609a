import { PoliteAnnouncement, useAnnouncedChanges } from '../../components/polite-announcement';
import type { SubFieldTimeline } from './api/types';
import { timelineChanges } from './timeline-changes';

const NOT_LOADED: SubFieldTimeline[] = [];
const gamesKey = (rows: readonly SubFieldTimeline[]) =>
  rows.flatMap((row) => row.data.flatMap((entry) => (entry.type === 'game' ? [entry.gameId] : []))).join(',');

/**
 * Tells a screen reader user watching the owner's timeline that a booking arrived or went away (the
 * timeline changes live); silent on first load and when another field is picked.
 */
export function TimelineAnnouncer({
  fieldId,
  rows,
}: {
  fieldId: string;
  rows: readonly SubFieldTimeline[] | undefined;
}) {
  const loaded = rows ?? NOT_LOADED;
  const message = useAnnouncedChanges(loaded, gamesKey(loaded), timelineChanges, rows ? fieldId : '');
  return <PoliteAnnouncement message={message} testId="timeline-announcement" />;
}

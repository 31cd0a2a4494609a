import type { Participant } from '@playtime/shared/contract/games';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../../components/polite-announcement';
import { rosterChanges } from './roster-changes';

const rosterKey = (players: readonly Participant[]) =>
  players.map((participant) => `${participant.userId}:${participant.team}`).join(',');

/**
 * Tells screen reader users who joined, moved, left or was removed while they look at the game (it
 * changes live). `removedIds`: the players the organizer removed, as the game's data says.
 */
export function RosterAnnouncer({
  players,
  removedIds,
}: {
  players: readonly Participant[];
  removedIds: readonly string[];
}) {
  const message = useAnnouncedChanges(players, rosterKey(players), (before, after) =>
    rosterChanges(before, after, removedIds),
  );
  return <PoliteAnnouncement message={message} testId="roster-announcement" />;
}

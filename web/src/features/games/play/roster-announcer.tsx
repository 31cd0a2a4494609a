import type { Participant } from '@playtime/shared/contract/games';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../../components/polite-announcement';
import { rosterChanges } from './roster-changes';

const rosterKey = (players: readonly Participant[]) =>
  players.map((participant) => `${participant.userId}:${participant.team}`).join(',');

/** Tells screen reader users who joined, moved or left while they look at the game (it changes live). */
export function RosterAnnouncer({ players }: { players: readonly Participant[] }) {
  const message = useAnnouncedChanges(players, rosterKey(players), rosterChanges);
  return <PoliteAnnouncement message={message} testId="roster-announcement" />;
}

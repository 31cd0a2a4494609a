import type { Participant } from '@playtime/shared/contract/games';
import type { Team } from '@playtime/shared/domain/games/events';
import { removedFromGameText } from '@playtime/shared/contract/game-page';

/** Where a player is, in the words a screen reader says. */
const PLACE: Record<Team, string> = { 0: 'the sideline', 1: 'Team 1', 2: 'Team 2' };

/**
 * What changed on the roster between two versions of the game, as sentences to announce politely
 * ('Sam joined Team 1', 'Sam moved to the sideline', 'Sam left the game'), in the roster's order. A
 * player gone from the roster whom the organizer removed (`removedIds`) was removed, not left.
 */
export function rosterChanges(
  before: readonly Participant[],
  after: readonly Participant[],
  removedIds: readonly string[] = [],
): string[] {
  const teamBefore = new Map(before.map((participant) => [participant.userId, participant.team]));
  const present = new Set(after.map((participant) => participant.userId));
  const changes: string[] = [];
  for (const participant of after) {
    const was = teamBefore.get(participant.userId);
    if (was === undefined) changes.push(`${participant.username} joined ${PLACE[participant.team]}`);
    else if (was !== participant.team) changes.push(`${participant.username} moved to ${PLACE[participant.team]}`);
  }
  for (const participant of before)
    if (!present.has(participant.userId))
      changes.push(
        removedIds.includes(participant.userId)
          ? removedFromGameText(participant.username)
          : `${participant.username} left the game`,
      );
  return changes;
}

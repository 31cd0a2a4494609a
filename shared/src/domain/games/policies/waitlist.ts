import { DomainError } from '../../decider';

/** The organizer's own game has no waitlist for them (issue #41): they make room on it themselves. */
export const ORGANIZER_NOT_ON_WAITLIST =
  'You organize this game, so you do not need its waitlist: join it when there is room, or free a place by moving or removing a player.';

/** Refuses the waitlist of a game to its organizer. */
export function refuseOrganizerOnWaitlist(organizerId: string, playerId: string): void {
  if (playerId === organizerId) throw new DomainError('conflict', 'organizer_waitlist', ORGANIZER_NOT_ON_WAITLIST);
}

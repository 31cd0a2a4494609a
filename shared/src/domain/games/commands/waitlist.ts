import { DomainError } from '../../decider';
import { refuseUnlessOpen, offerStillToExpire } from '../guards';
import {
  ALREADY_JOINED,
  ALREADY_WAITING,
  JOIN_WAITLIST_FOR_YOURSELF,
  LEAVE_WAITLIST_FOR_YOURSELF,
  NOT_FULL,
  REMOVED_FROM_FREE_GAME,
} from '../messages';
import { regularsOnlyNow } from '../policies/regulars-first';
import { refuseOrganizerOnWaitlist } from '../policies/waitlist';
import { guestNamesFor, refuseTooManyGuests } from '../policies/guests';
import { placesTaken } from '../queries';
import type { Decide } from './game-command';

export const joinWaitlist: Decide<'JoinWaitlist'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  const { playerId, username } = command;
  if (context.actorId !== playerId) throw new DomainError('forbidden', 'join_for_yourself', JOIN_WAITLIST_FOR_YOURSELF);
  refuseOrganizerOnWaitlist(game.details.organizerId, playerId);
  if (game.participants.some((participant) => participant.playerId === playerId))
    throw new DomainError('conflict', 'already_joined', ALREADY_JOINED);
  if (game.waitlist.some((waiting) => waiting.playerId === playerId))
    throw new DomainError('conflict', 'already_waiting', ALREADY_WAITING);
  if (game.removed.some((removed) => removed.playerId === playerId))
    throw new DomainError('forbidden', 'removed_by_organizer', REMOVED_FROM_FREE_GAME);
  // Issue #45: a host waits with their guests, as many as the game takes, for places for all of them.
  const guests = command.guests ?? 0;
  refuseTooManyGuests(game.details.guestsPerPlayer, guests);
  const guestNames = guestNamesFor(guests, command.guestNames);
  // A newcomer the regulars keep out for now may wait too (issue #41), as the refusal of their join says.
  // A party the game has too few places for may wait though one player alone would fit.
  if (!placesTaken(game, null, guests) && !regularsOnlyNow(game, playerId, context.now.getTime()))
    throw new DomainError('conflict', 'not_full', NOT_FULL);
  return [
    {
      type: 'WaitlistJoined',
      data: {
        gameId: game.details.gameId,
        playerId,
        username,
        at: context.now.toISOString(),
        ...(command.timeZone ? { timeZone: command.timeZone } : {}),
        // Absent when alone, as in every event recorded before guests.
        ...(guests > 0 ? { guests } : {}),
        ...(guestNames.length > 0 ? { guestNames } : {}),
      },
    },
  ];
};

export const leaveWaitlist: Decide<'LeaveWaitlist'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'leave_for_yourself', LEAVE_WAITLIST_FOR_YOURSELF);
  if (!game.waitlist.some((waiting) => waiting.playerId === command.playerId)) return [];
  return [
    {
      type: 'WaitlistLeft',
      data: { gameId: game.details.gameId, playerId: command.playerId, at: context.now.toISOString() },
    },
  ];
};

export const expireWaitlistOffer: Decide<'ExpireWaitlistOffer'> = (command, state, context) => {
  // Taken (the player joined), left or expired already: nothing to expire.
  const due = offerStillToExpire(state, context, (game) => game.waitlistOffers, command);
  if (!due) return [];
  const { game, offer } = due;
  // The player leaves the waitlist rather than going to its back: nobody on it has paid or holds
  // anything, joining it again costs nothing, and someone who let a place go unanswered would otherwise
  // be offered the next one (or, alone on the list, this very place again) ahead of people watching.
  return [
    {
      type: 'WaitlistOfferExpired',
      data: {
        gameId: game.details.gameId,
        playerId: offer.playerId,
        offeredAt: offer.offeredAt,
        at: context.now.toISOString(),
      },
    },
  ];
};

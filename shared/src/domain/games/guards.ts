/** The refusals most commands start with: a game still open, its organizer, one of its members; and a job's offer to expire. */

import { DomainError, type DecisionContext } from '../decider';
import { GAME_CANCELLED, GAME_ENDED, NOT_A_PLAYER, ONLY_ORGANIZER } from './messages';
import { offerToExpire } from './policies/offers';
import { gameHasEnded, NO_SUCH_GAME } from './rules';
import type { GameState, Offer, Participant, ScheduledGame } from './state';

export function refuseUnlessOpen(state: GameState, now: Date): ScheduledGame {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled') throw new DomainError('conflict', 'game_cancelled', GAME_CANCELLED);
  if (gameHasEnded(now.getTime(), state.end)) throw new DomainError('conflict', 'game_ended', GAME_ENDED);
  return state;
}

export function refuseUnlessOrganizer(game: ScheduledGame, context: DecisionContext, actorIsAdmin: boolean): string {
  const actor = context.actorId;
  if (actor === null || (actor !== game.details.organizerId && !actorIsAdmin))
    throw new DomainError('forbidden', 'not_organizer', ONLY_ORGANIZER);
  return actor;
}

/** An organizer's (or an admin's) change to a game still open: the game, and who changes it. */
export function refuseUnlessOrganizerOfOpenGame(
  state: GameState,
  context: DecisionContext,
  actorIsAdmin: boolean,
): { game: ScheduledGame; by: string } {
  const game = refuseUnlessOpen(state, context.now);
  return { game, by: refuseUnlessOrganizer(game, context, actorIsAdmin) };
}

export function member(game: ScheduledGame, playerId: string): Participant {
  const participant = game.participants.find((candidate) => candidate.playerId === playerId);
  if (!participant) throw new DomainError('not_found', 'not_a_player', NOT_A_PLAYER);
  return participant;
}

/** A game still taking offers, or null when a job finds it cancelled or over: nothing left to decide. */
export function stillScheduled(state: GameState, context: DecisionContext): ScheduledGame | null {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled' || gameHasEnded(context.now.getTime(), state.end)) return null;
  return state;
}

/**
 * The offer an expiry job names, on a game still scheduled, or null when the game is over or the offer
 * was answered or expired already (the job ran before): nothing to do. Refused before the offer's time.
 */
export function offerStillToExpire<Kind extends Offer>(
  state: GameState,
  context: DecisionContext,
  offersOf: (game: ScheduledGame) => Kind[],
  job: { playerId: string; offeredAt: string },
): { game: ScheduledGame; offer: Kind } | null {
  const game = stillScheduled(state, context);
  const offer = game && offerToExpire(offersOf(game), job.playerId, job.offeredAt, context.now);
  return game && offer ? { game, offer } : null;
}

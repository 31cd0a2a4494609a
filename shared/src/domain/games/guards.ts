/** The refusals most commands start with: a game still open, its organizer, one of its members. */

import { DomainError, type DecisionContext } from '../decider';
import { GAME_CANCELLED, GAME_ENDED, NOT_A_PLAYER, ONLY_ORGANIZER } from './messages';
import { gameHasEnded, NO_SUCH_GAME } from './rules';
import type { GameState, Participant, ScheduledGame } from './state';

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

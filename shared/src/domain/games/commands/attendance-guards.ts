/** Issue #44: the refusals check-in and marking start with: a game that is on, and the time it allows. */
import { DomainError } from '../../decider';
import { GAME_CANCELLED } from '../messages';
import { NO_SUCH_GAME } from '../rules';
import type { GameState, KnownGame } from '../state';

/** A game that was scheduled and not cancelled: check-ins and marks belong to a game that took place. */
export function refuseUnlessHeld(state: GameState): KnownGame {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled') throw new DomainError('conflict', 'game_cancelled', GAME_CANCELLED);
  return state;
}

/** Refuses outside [opensAt, closesAt) with the refusal of each side. */
export function refuseOutside(
  nowMs: number,
  span: { opensAt: number; closesAt: number },
  early: { code: string; message: string },
  late: { code: string; message: string },
): void {
  if (nowMs < span.opensAt) throw new DomainError('conflict', early.code, early.message);
  if (nowMs >= span.closesAt) throw new DomainError('conflict', late.code, late.message);
}

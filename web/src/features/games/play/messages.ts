import { GAME_FULL } from '@playtime/shared/domain/games/decider';

/** Spec §8 texts of the game page. */
export const FIRST_JOIN_FAILED = 'Error joining the game. Please try again.';
export const MOVE_FAILED = 'Error joining. Please try again.';
export const LEAVE_FAILED = 'Failure to leave the game. Please try again.';
export const LEAVE_CONFIRMATION = 'Are you sure you want to leave the game? You will not be able to get a refund.';
export const GAME_CANCELLED = 'This game was cancelled.';
export { GAME_FULL };

/** What the person is told when a join or move is refused: a full pitch says so, anything else the spec's retry text. */
export function joinFailureMessage(error: unknown, firstJoin: boolean): string {
  if (error instanceof Error && error.message === GAME_FULL) return GAME_FULL;
  return firstJoin ? FIRST_JOIN_FAILED : MOVE_FAILED;
}

/**
 * Issue #44: whether a check-in code is taken. Codes are signed per game and 30-second window, never
 * stored (DESIGN §9); the signer comes with the command, so the decider stays free of keys and crypto.
 */
import { DomainError } from '../../decider';
import {
  CHECK_IN_CODE_EXPIRED,
  CHECK_IN_CODE_EXPIRED_WINDOWS,
  CHECK_IN_CODE_OTHER_GAME,
  CHECK_IN_CODE_WRONG,
  checkInWindowAt,
  readCheckInCode,
} from '../attendance-rules';

/**
 * The window a typed or scanned code was signed for, when it is taken now: this window's or the one
 * before. Otherwise says which refusal it is: another game's code, an earlier window's (expired, up to
 * about 10 minutes back, or whatever window a scanned link names), or simply wrong.
 */
export function acceptedCheckInWindow(
  text: string,
  gameId: string,
  codeOf: (window: number) => string,
  nowMs: number,
): number {
  const code = readCheckInCode(text);
  if (!code) throw new DomainError('invalid', 'check_in_code_wrong', CHECK_IN_CODE_WRONG);
  if (code.gameId !== null && code.gameId !== gameId)
    throw new DomainError('invalid', 'check_in_code_other_game', CHECK_IN_CODE_OTHER_GAME);
  const current = checkInWindowAt(nowMs);
  const signs = (window: number) => window >= 0 && codeOf(window) === code.digits;
  for (const window of [current, current - 1]) if (signs(window)) return window;
  const earlier = Array.from({ length: CHECK_IN_CODE_EXPIRED_WINDOWS }, (_, back) => current - 2 - back);
  if (code.window !== null && code.window < current - 1) earlier.push(code.window);
  if (earlier.some(signs)) throw new DomainError('invalid', 'check_in_code_expired', CHECK_IN_CODE_EXPIRED);
  throw new DomainError('invalid', 'check_in_code_wrong', CHECK_IN_CODE_WRONG);
}

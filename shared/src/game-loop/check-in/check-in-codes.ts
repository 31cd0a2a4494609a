/**
 * Issue #44: a game's check-in code for a 30-second window, signed, never stored (DESIGN §9). Each
 * game has its own key, HMAC(server secret, game id); a window's code is HOTP (RFC 4226: HMAC-SHA1 of
 * the window as an 8-byte counter, dynamic truncation, 6 digits) under that key, as TOTP is with a
 * 30-second step. The read API shows a window's code; the command API hands the decider the signer,
 * which verifies a code by signing the windows it would take again.
 */
import { createHmac } from 'node:crypto';
import { CHECK_IN_CODE_DIGITS } from '../../domain/games/attendance-rules';

/** A game's own key: knowing one game's codes tells nothing of another's. */
export const checkInKeyOf = (serverSecret: string, gameId: string): Buffer =>
  createHmac('sha256', serverSecret).update(`check-in:${gameId}`).digest();

/** The 6 digits of `window` under a game's key. */
export function checkInCodeOf(gameKey: Buffer, window: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(window));
  const mac = createHmac('sha1', gameKey).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** CHECK_IN_CODE_DIGITS;
  return String(binary).padStart(CHECK_IN_CODE_DIGITS, '0');
}

/** A game's signer, as the decider takes it: the code of any window of that game. */
export const checkInSignerOf = (serverSecret: string, gameId: string) => {
  const key = checkInKeyOf(serverSecret, gameId);
  return (window: number) => checkInCodeOf(key, window);
};

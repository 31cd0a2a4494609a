import { describe, expect, it } from 'vitest';
import { checkInCodeOf, checkInSignerOf } from './check-in-codes';

const SECRET = 'a test secret of at least thirty-two characters';

describe('check-in codes', () => {
  it('are 6 digits that differ from window to window and from game to game', () => {
    const codeOf = checkInSignerOf(SECRET, 'g1');
    expect(codeOf(100)).toMatch(/^\d{6}$/);
    expect(codeOf(100)).toBe(checkInSignerOf(SECRET, 'g1')(100));
    expect(codeOf(100)).not.toBe(codeOf(101));
    expect(checkInSignerOf(SECRET, 'g2')(100)).not.toBe(codeOf(100));
    expect(checkInSignerOf(`${SECRET}!`, 'g1')(100)).not.toBe(codeOf(100));
  });

  it('are HOTP of the window (RFC 4226 test vectors)', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((counter) => checkInCodeOf(key, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });
});

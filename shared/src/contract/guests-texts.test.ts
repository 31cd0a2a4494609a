import { describe, expect, it } from 'vitest';
import { guestNamesLine, withGuestsLabel } from './guests-texts';

describe("the roster's guests (issue #45)", () => {
  it('names the guests the host typed under their party', () => {
    expect(withGuestsLabel('sam', 2)).toBe('sam +2');
    expect(guestNamesLine(2, ['Ann', 'Bo'])).toBe('Guests: Ann, Bo');
    expect(guestNamesLine(3, ['Ann', '', ' Bo '])).toBe('Guests: Ann, Bo and 1 more');
    expect(guestNamesLine(2, ['', ''])).toBeNull();
    expect(guestNamesLine(0, [])).toBeNull();
  });
});

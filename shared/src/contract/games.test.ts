import { describe, expect, it } from 'vitest';
import { entryPriceCents, holdSlotBody, PRICE_FORMAT_MESSAGE } from './games';

const cents = (value: unknown) => entryPriceCents.parse(value);
const refusal = (value: unknown) => {
  const parsed = entryPriceCents.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the entry price: plain decimal dollars', () => {
  it('reads dollars with at most two decimals, with or without a leading $, and empty as free', () => {
    expect(cents('5')).toBe(500);
    expect(cents('12.50')).toBe(1250);
    expect(cents('$7.5')).toBe(750);
    expect(cents(' $0.29 ')).toBe(29);
    expect(cents('.5')).toBe(50);
    expect(cents('5.')).toBe(500);
    expect(cents(12.5)).toBe(1250);
    expect(cents('')).toBe(0);
    expect(cents(null)).toBe(0);
    expect(cents(undefined)).toBe(0);
  });

  it('refuses what Number() would reinterpret, and says what to type', () => {
    for (const typed of [
      '0x10',
      '5e2',
      '1_000',
      'Infinity',
      '1,000',
      '12.505',
      '$',
      '.',
      'five',
      '5 dollars',
      '0b1',
      1e21,
    ]) {
      expect(refusal(typed), String(typed)).toBe(PRICE_FORMAT_MESSAGE);
    }
    expect(refusal('-5')).toBe('Price must be 0 or more dollars');
    expect(refusal('1000.01')).toBe('Price can be at most $1000');
  });
});

describe("the hold's draft: sideline size, minimum players and decision time (issue #29)", () => {
  const slot = { subFieldId: 'sf-a', startDate: '2026-11-22T18:00:00.000Z', endDate: '2026-11-22T20:00:00.000Z' };
  const draftRefusal = (draft: Record<string, unknown>) => {
    const parsed = holdSlotBody.safeParse({ ...slot, ...draft });
    return parsed.success ? null : `${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`;
  };

  it('gives a draft from a client that sends none of them a sideline of 4, no minimum and 3 hours', () => {
    expect(holdSlotBody.parse(slot)).toMatchObject({
      maxPlayers: 22,
      sidelineSize: 4,
      minPlayers: null,
      decisionHours: 3,
    });
    expect(
      holdSlotBody.parse({ ...slot, sidelineSize: '0', minPlayers: 14, maxPlayers: 14, decisionHours: 48 }),
    ).toMatchObject({ sidelineSize: 0, minPlayers: 14, decisionHours: 48 });
  });

  it('refuses values out of their limits, and says which', () => {
    expect(draftRefusal({ sidelineSize: 11 })).toBe('sidelineSize: Sideline size is at most 10');
    expect(draftRefusal({ sidelineSize: -1 })).toBe('sidelineSize: Sideline size is at least 0');
    expect(draftRefusal({ sidelineSize: 2.5 })).toBe('sidelineSize: Sideline size must be a whole number');
    expect(draftRefusal({ minPlayers: 1 })).toBe('minPlayers: Minimum players is at least 2');
    expect(draftRefusal({ minPlayers: 'ten' })).toBe('minPlayers: Minimum players must be a number');
    expect(draftRefusal({ maxPlayers: 14, minPlayers: 16 })).toBe(
      "minPlayers: Minimum players is at most the game's max players (14)",
    );
    expect(draftRefusal({ decisionHours: 0 })).toBe('decisionHours: Decision time is at least 1 hour before the start');
    expect(draftRefusal({ decisionHours: 49 })).toBe(
      'decisionHours: Decision time is at most 48 hours before the start',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { entryPriceCents, PRICE_FORMAT_MESSAGE } from './games';

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

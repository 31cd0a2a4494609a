import { describe, expect, it } from 'vitest';
import { formatDollars, formatPrice, parseCents } from './money';

describe('money formatting', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatDollars(1250)).toBe('$12.50');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
  });

  it('keeps the sign of a negative balance', () => {
    expect(formatDollars(-300)).toBe('-$3.00');
  });

  it('shows a zero or missing price as Free', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBe('Free');
    expect(formatPrice(undefined)).toBe('Free');
    expect(formatPrice(1000)).toBe('$10.00');
  });

  it('parses the balance text body', () => {
    expect(parseCents('1250')).toBe(1250);
    expect(parseCents(' 0\n')).toBe(0);
    expect(parseCents('"700"')).toBe(700);
    expect(parseCents('-25')).toBe(-25);
  });

  it('refuses anything that is not whole cents', () => {
    expect(parseCents('12.5')).toBeUndefined();
    expect(parseCents('')).toBeUndefined();
    expect(parseCents('{"balance":1}')).toBeUndefined();
  });
});

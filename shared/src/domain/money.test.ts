import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';

describe('formatDollars', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it("writes cents exactly as Intl's en-US currency format does", () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 1250, 99_999, 100_000, 123_456, 100_000_000, 123_456_789];
    for (const cents of [...amounts, ...amounts.filter(Boolean).map((amount) => -amount)]) {
      expect(formatDollars(cents), `${cents} cents`).toBe(intl.format(cents / 100));
    }
  });

  it('rounds a fraction of a cent, and never writes a negative zero (Intl writes -$0.00)', () => {
    expect(formatDollars(1249.6)).toBe('$12.50');
    expect(formatDollars(-0.2)).toBe('$0.00');
    expect(formatDollars(-0)).toBe('$0.00');
  });
});

/** Money is integer cents everywhere; only the screen turns it into dollars. */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1250 → '$12.50'; negative balances keep their sign ('-$3.00'). */
export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}

/** A game's entry fee: '$12.50', or 'Free' when there is none. */
export function formatPrice(cents: number | null | undefined): string {
  if (!cents) return 'Free';
  return formatDollars(cents);
}

/**
 * Parses the balance endpoint's text body (a whole number of cents). Returns undefined for anything
 * else, so a malformed answer is never shown as $0.00.
 */
export function parseCents(text: string): number | undefined {
  const trimmed = text.trim().replace(/^"(.*)"$/, '$1');
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

import { formatDollars } from '@playtime/shared/domain/money';

export { formatDollars };

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

/** '$45 / hour', '$37.50 / hour'. */
export function formatHourlyPrice(price: number): string {
  const whole = Number.isInteger(price);
  const amount = price.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `$${amount} / hour`;
}

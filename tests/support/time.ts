export const HOUR = 3_600_000;

/** Midnight UTC two days from now: slots at its hours lie safely in the future, and more than 24 h ahead. */
export const DAY_AFTER_TOMORROW = (() => {
  const day = new Date(Date.now() + 2 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime();
})();

/** That day at `hours` (fractions for half hours), as the API takes instants. */
export const at = (hours: number) => new Date(DAY_AFTER_TOMORROW + hours * HOUR).toISOString();

/** 'HH:mm' of an instant as a clock in `timeZone` shows it (24-hour). */
export const clockIn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

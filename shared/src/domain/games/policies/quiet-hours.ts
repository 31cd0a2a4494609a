/**
 * Quiet hours (issue #46): between 22:00 and 08:00 in the player's time zone, nothing about a game more
 * than 16 hours away reaches them (no push, no mail: held until 08:00), and an offer of a freed spot made
 * then starts its window at 08:00, so a player asleep does not lose it. A game closer than that is urgent
 * enough to wake them: its news goes at once.
 */

export const QUIET_HOURS = { fromHour: 22, untilHour: 8 } as const;
/** A game starting within this long of now is not held by quiet hours. */
export const QUIET_HOURS_GAME_HORIZON_MS = 16 * 3_600_000;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** The wall clock in `timeZone` at `instantMs`: hour, minute and second (hour 0–23). */
function wallClock(instantMs: number, timeZone: string): { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Whether `instantMs` falls in the quiet hours of `timeZone`. */
export function inQuietHours(instantMs: number, timeZone: string): boolean {
  const { hour } = wallClock(instantMs, timeZone);
  return hour >= QUIET_HOURS.fromHour || hour < QUIET_HOURS.untilHour;
}

/** The next 08:00 on the wall clock of `timeZone` after `instantMs` (a night with a clock change included). */
function nextMorning(instantMs: number, timeZone: string): number {
  const { hour, minute, second } = wallClock(instantMs, timeZone);
  const minutesToMorning = (QUIET_HOURS.untilHour * 60 - (hour * 60 + minute) + DAY_MINUTES) % DAY_MINUTES;
  let morning = instantMs + minutesToMorning * MINUTE_MS - second * 1000 - (instantMs % 1000);
  // A clock moved by an hour in the night puts the sum an hour off the wall's 08:00: step back onto it.
  const reached = wallClock(morning, timeZone).hour;
  if (reached === QUIET_HOURS.untilHour - 1) morning += 60 * MINUTE_MS;
  if (reached === QUIET_HOURS.untilHour + 1) morning -= 60 * MINUTE_MS;
  return morning;
}

/**
 * When news of a game starting at `gameStartMs`, due at `nowMs`, may reach a player in `timeZone`:
 * null when at once (daytime, or the game within 16 hours), else 08:00 of their morning (epoch ms).
 */
export function quietUntil(nowMs: number, timeZone: string, gameStartMs: number): number | null {
  if (gameStartMs - nowMs <= QUIET_HOURS_GAME_HORIZON_MS) return null;
  if (!inQuietHours(nowMs, timeZone)) return null;
  return nextMorning(nowMs, timeZone);
}

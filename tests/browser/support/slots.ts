export const HALF_HOUR = 30 * 60_000;
export const HOUR = 2 * HALF_HOUR;

/** A game's start: from the next half hour plus an hour (browsers and server agree on UTC here). */
export const nextGameStart = (): number => Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR + HOUR;

/** A slot's time as the wizard's Select Time step names it (UTC). */
export const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

export const sameUtcDay = (a: number, b: number): boolean =>
  new Date(a).toISOString().slice(0, 10) === new Date(b).toISOString().slice(0, 10);

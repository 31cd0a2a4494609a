/** Milliseconds left until `expiresAt` (ISO), never below 0. */
export function remainingMs(expiresAt: string, now: Date): number {
  return Math.max(0, Date.parse(expiresAt) - now.getTime());
}

/** 9 minutes 5 seconds → '9:05'. Rounded up, so '0:00' shows only once the time has run out. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

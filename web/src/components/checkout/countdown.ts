/** Milliseconds left until `expiresAt` (ISO), never below 0. */
export function remainingMs(expiresAt: string, now: Date): number {
  return Math.max(0, Date.parse(expiresAt) - now.getTime());
}

/**
 * 9 minutes 5 seconds → '9:05'. Rounded up, so '0:00' shows only once the time has run out. Above an
 * hour, hours and whole minutes ('1 h 59 min'): '119:39' reads as a clock time, not as time left.
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds > 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

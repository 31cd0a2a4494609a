import { describe, expect, it } from 'vitest';
import { inQuietHours, quietUntil } from './quiet-hours';

const HOUR = 3_600_000;
const ms = (iso: string) => new Date(iso).getTime();

describe('quiet hours', () => {
  it('holds news of a game two days away, due at 03:00 in the player’s zone, until 08:00 there', () => {
    // 03:00 in New York (EST, UTC−5) on 1 Dec 2026 is 08:00 UTC; 08:00 there is 13:00 UTC.
    const now = ms('2026-12-01T08:00:00Z');
    expect(quietUntil(now, 'America/New_York', now + 48 * HOUR)).toBe(ms('2026-12-01T13:00:00Z'));
  });

  it('holds news due at 22:00 until 08:00 of the next morning', () => {
    // 22:30 in Warsaw (CET, UTC+1) on 1 Dec is 21:30 UTC; 08:00 on 2 Dec there is 07:00 UTC.
    const now = ms('2026-12-01T21:30:00Z');
    expect(quietUntil(now, 'Europe/Warsaw', now + 40 * HOUR)).toBe(ms('2026-12-02T07:00:00Z'));
  });

  it('lets daytime news go at once, 08:00 and 21:59 included', () => {
    expect(quietUntil(ms('2026-12-01T13:00:00Z'), 'America/New_York', ms('2026-12-05T00:00:00Z'))).toBeNull();
    expect(quietUntil(ms('2026-12-02T02:59:00Z'), 'America/New_York', ms('2026-12-05T00:00:00Z'))).toBeNull();
    expect(inQuietHours(ms('2026-12-02T03:00:00Z'), 'America/New_York')).toBe(true);
  });

  it('never holds news of a game within 16 hours: it is urgent enough to wake the player', () => {
    const now = ms('2026-12-01T08:00:00Z');
    expect(quietUntil(now, 'America/New_York', now + 16 * HOUR)).toBeNull();
    expect(quietUntil(now, 'America/New_York', now + 16 * HOUR + 60_000)).not.toBeNull();
  });

  it('finds the wall clock’s 08:00 across a night whose clock moves', () => {
    // New York springs forward at 02:00 on 8 Mar 2026: 01:30 EST is 06:30 UTC, 08:00 EDT is 12:00 UTC.
    const spring = ms('2026-03-08T06:30:00Z');
    expect(quietUntil(spring, 'America/New_York', spring + 48 * HOUR)).toBe(ms('2026-03-08T12:00:00Z'));
    // It falls back at 02:00 on 1 Nov 2026: 00:30 EDT is 04:30 UTC, 08:00 EST is 13:00 UTC.
    const fall = ms('2026-11-01T04:30:00Z');
    expect(quietUntil(fall, 'America/New_York', fall + 48 * HOUR)).toBe(ms('2026-11-01T13:00:00Z'));
  });
});

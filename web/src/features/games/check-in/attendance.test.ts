import { describe, expect, it } from 'vitest';
import {
  attendanceMarksOpen,
  checkInCodeOfLink,
  checkInOpen,
  msUntilNextCode,
  shownAttendance,
  showsCheckInCount,
  spacedCode,
  typedDigits,
  withoutCheckInParams,
} from './attendance';

const game = {
  status: 'scheduled' as const,
  checkIn: {
    opensAt: '2026-12-01T17:30:00.000Z',
    closesAt: '2026-12-01T19:00:00.000Z',
    marksCloseAt: '2026-12-02T19:00:00.000Z',
    checkedIn: 3,
  },
};
const at = (iso: string) => Date.parse(iso);

describe('the check-in and attendance windows on the game page', () => {
  it('opens check-in from its opening until the end, and never for a cancelled game', () => {
    expect(checkInOpen(game, at('2026-12-01T17:29:59Z'))).toBe(false);
    expect(checkInOpen(game, at('2026-12-01T17:30:00Z'))).toBe(true);
    expect(checkInOpen(game, at('2026-12-01T18:59:59Z'))).toBe(true);
    expect(checkInOpen(game, at('2026-12-01T19:00:00Z'))).toBe(false);
    expect(checkInOpen({ ...game, status: 'cancelled' }, at('2026-12-01T18:00:00Z'))).toBe(false);
  });

  it('lets the organizer mark from the same opening until the marks close', () => {
    expect(attendanceMarksOpen(game, at('2026-12-01T17:29:00Z'))).toBe(false);
    expect(attendanceMarksOpen(game, at('2026-12-01T17:30:00Z'))).toBe(true);
    expect(attendanceMarksOpen(game, at('2026-12-02T18:59:59Z'))).toBe(true);
    expect(attendanceMarksOpen(game, at('2026-12-02T19:00:00Z'))).toBe(false);
  });

  it('shows the count of check-ins from the opening on, also after the game', () => {
    expect(showsCheckInCount(game, at('2026-12-01T17:00:00Z'))).toBe(false);
    expect(showsCheckInCount(game, at('2026-12-03T00:00:00Z'))).toBe(true);
    expect(showsCheckInCount({ ...game, status: 'cancelled' }, at('2026-12-01T18:00:00Z'))).toBe(false);
  });
});

describe("a player's shown mark", () => {
  it("is the organizer's mark, else Present for a check-in, else none", () => {
    expect(shownAttendance({ attendance: null, checkedIn: false })).toBeNull();
    expect(shownAttendance({ attendance: null, checkedIn: true })).toBe('present');
    expect(shownAttendance({ attendance: 'late', checkedIn: true })).toBe('late');
    expect(shownAttendance({ attendance: 'no_show', checkedIn: false })).toBe('no_show');
  });
});

describe('the check-in link and the typed code', () => {
  it("reads the digits of the organizer's link and drops its parameters once used", () => {
    expect(checkInCodeOfLink('?checkIn=482913&w=59000001')).toBe('482913');
    expect(checkInCodeOfLink('?w=1')).toBeNull();
    expect(checkInCodeOfLink('')).toBeNull();
    expect(withoutCheckInParams('?checkIn=482913&w=59000001', 'w')).toBe('');
    expect(withoutCheckInParams('?tab=x&checkIn=482913&w=1', 'w')).toBe('?tab=x');
  });

  it('keeps the digits of what is typed or pasted, six at most', () => {
    expect(typedDigits('482 913')).toBe('482913');
    expect(typedDigits('48-29-13-77')).toBe('482913');
    expect(typedDigits('abc')).toBe('');
  });

  it('spaces the six digits in two threes', () => {
    expect(spacedCode('482913')).toBe('482 913');
    expect(spacedCode('48291')).toBe('48291');
  });

  it('asks for the next code when the shown one expires by the server clock, a second at the soonest', () => {
    expect(msUntilNextCode('2026-12-01T18:00:30.000Z', at('2026-12-01T18:00:12Z'))).toBe(18_000);
    expect(msUntilNextCode('2026-12-01T18:00:30.000Z', at('2026-12-01T18:00:31Z'))).toBe(1_000);
  });
});

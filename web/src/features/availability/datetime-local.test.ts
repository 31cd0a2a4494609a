import { describe, expect, it } from 'vitest';
import { parseDateTimeLocal, readWindow, toDateTimeLocal } from './datetime-local';

describe('datetime-local values (the browser time zone)', () => {
  it('formats a date as YYYY-MM-DDTHH:mm in local time', () => {
    expect(toDateTimeLocal(new Date(2026, 0, 5, 9, 30))).toBe('2026-01-05T09:30');
    expect(toDateTimeLocal(new Date(2026, 11, 31, 23, 0, 59))).toBe('2026-12-31T23:00');
  });

  it('formats an ISO string from the server in local time', () => {
    const local = new Date(2026, 5, 14, 18, 30);
    expect(toDateTimeLocal(local.toISOString())).toBe('2026-06-14T18:30');
    expect(toDateTimeLocal(local.getTime())).toBe('2026-06-14T18:30');
  });

  it('gives an empty value for an unreadable date', () => {
    expect(toDateTimeLocal('not a date')).toBe('');
  });

  it('reads a value as local time, with or without seconds', () => {
    expect(parseDateTimeLocal('2026-06-14T18:30')?.getTime()).toBe(new Date(2026, 5, 14, 18, 30).getTime());
    expect(parseDateTimeLocal('2026-06-14T18:30:15')?.getTime()).toBe(new Date(2026, 5, 14, 18, 30, 15).getTime());
  });

  it('round-trips', () => {
    const value = '2027-03-01T07:00';
    expect(toDateTimeLocal(parseDateTimeLocal(value)!)).toBe(value);
  });

  it('refuses empty, malformed and impossible values', () => {
    for (const value of [
      '',
      '2026-06-14',
      '18:30',
      '2026-6-14T18:30',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      'tomorrow',
    ]) {
      expect(parseDateTimeLocal(value), value).toBeUndefined();
    }
  });
});

describe('the availability window from the inputs', () => {
  it('gives the two dates to send', () => {
    expect(readWindow({ startDate: '2026-06-14T18:00', endDate: '2026-06-14T20:00' })).toEqual({
      ok: true,
      startDate: new Date(2026, 5, 14, 18, 0),
      endDate: new Date(2026, 5, 14, 20, 0),
    });
  });

  it('leaves the rules about the window to the server (an end before the start is still sent)', () => {
    expect(readWindow({ startDate: '2026-06-14T20:00', endDate: '2026-06-14T18:15' }).ok).toBe(true);
  });

  it('names the empty inputs', () => {
    expect(readWindow({ startDate: '', endDate: '' })).toEqual({
      ok: false,
      errors: { startDate: 'Start Date is required', endDate: 'End Date is required' },
    });
    expect(readWindow({ startDate: '2026-06-14T18:00', endDate: '' })).toEqual({
      ok: false,
      errors: { endDate: 'End Date is required' },
    });
  });

  it('reads and writes the field’s wall-clock time when given its zone, across a daylight-saving change', () => {
    expect(parseDateTimeLocal('2027-03-15T18:00', 'America/New_York')?.toISOString()).toBe('2027-03-15T22:00:00.000Z');
    expect(parseDateTimeLocal('2027-03-12T18:00', 'America/New_York')?.toISOString()).toBe('2027-03-12T23:00:00.000Z');
    expect(toDateTimeLocal('2027-11-08T23:00:00.000Z', 'America/New_York')).toBe('2027-11-08T18:00');
    expect(parseDateTimeLocal('2027-02-30T18:00', 'America/New_York')).toBeUndefined();
  });
});

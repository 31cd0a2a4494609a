import { describe, expect, it } from 'vitest';
import { readRepeat } from './repeat';

describe('the Repeat inputs of Add Availability', () => {
  it('reads the times in the field’s zone, whatever the browser’s', () => {
    const read = readRepeat(
      {
        weekdays: ['5', '1'],
        from: '18:00',
        to: '22:00',
        startDate: '2027-03-08',
        endDate: '2027-04-08',
        skipDates: '2027-03-17, 2027-03-19',
      },
      'America/New_York',
    );
    expect(read).toEqual({
      ok: true,
      startDate: new Date('2027-03-08T23:00:00.000Z'),
      endDate: new Date('2027-03-09T03:00:00.000Z'),
      repeat: { weekdays: [1, 5], until: '2027-04-08', skipDates: ['2027-03-17', '2027-03-19'] },
    });
  });

  it('ends the next morning when To is not after From, and names what is missing', () => {
    const late = readRepeat(
      { weekdays: ['6'], from: '20:00', to: '01:00', startDate: '2027-01-02', endDate: '2027-01-30', skipDates: '' },
      'America/New_York',
    );
    expect(late.ok && late.endDate.toISOString()).toBe('2027-01-03T06:00:00.000Z');
    const empty = readRepeat(
      { weekdays: [], from: '', to: '', startDate: '', endDate: '', skipDates: 'Christmas' },
      'UTC',
    );
    expect(empty).toEqual({
      ok: false,
      errors: {
        startDate: 'Start date is required',
        endDate: 'End date is required',
        from: 'From is required',
        to: 'To is required',
        skipDates: 'Write dates to skip as 2026-12-25, 2027-01-01',
      },
    });
  });
});

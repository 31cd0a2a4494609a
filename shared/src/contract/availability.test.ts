import { describe, expect, it } from 'vitest';
import { addAvailabilityBody, deleteAvailabilityBody, previewActionOf, REPEAT_MESSAGES } from './availability';

const window = { subFieldId: 'sf-a', startDate: '2027-03-08T23:00:00Z', endDate: '2027-03-09T03:00:00Z' };
const messagesOf = (body: unknown) =>
  addAvailabilityBody.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

describe('the weekly availability contract', () => {
  it('reads a repeat with no dates to skip as skipping none, and a body without one as one window', () => {
    expect(addAvailabilityBody.parse({ ...window, repeat: { weekdays: [1, 5], until: '2027-04-01' } }).repeat).toEqual({
      weekdays: [1, 5],
      until: '2027-04-01',
      skipDates: [],
    });
    expect(addAvailabilityBody.parse(window).repeat).toBeUndefined();
  });

  it('refuses days outside 1–7, a day twice, no day, dates that are not dates and too many dates to skip', () => {
    for (const weekdays of [[], [0], [8], [1, 1], [1.5]])
      expect(messagesOf({ ...window, repeat: { weekdays, until: '2027-04-01' } })).toContain(REPEAT_MESSAGES.weekdays);
    expect(messagesOf({ ...window, repeat: { weekdays: [1], until: '1 April' } })).toEqual([
      'The end date must be a date, e.g. 2027-03-14',
    ]);
    const skipDates = Array.from({ length: 101 }, () => '2027-03-10');
    expect(messagesOf({ ...window, repeat: { weekdays: [1], until: '2027-04-01', skipDates } })).toEqual([
      REPEAT_MESSAGES.skipDates,
    ]);
  });

  it('takes one window unless the scope says the rest of its set, and an add unless the preview says otherwise', () => {
    expect(deleteAvailabilityBody.parse({ fieldScheduleId: 'w1' }).scope).toBe('window');
    expect(deleteAvailabilityBody.safeParse({ fieldScheduleId: 'w1', scope: 'all' }).success).toBe(false);
    expect(previewActionOf.parse({}).action).toBe('add');
    expect(previewActionOf.parse({ action: 'delete' }).action).toBe('delete');
  });
});

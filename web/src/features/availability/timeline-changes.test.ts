import { describe, expect, it } from 'vitest';
import type { SubFieldTimeline } from './api/types';
import { timelineChanges } from './timeline-changes';

const game = (gameId: string, hour: number) => ({
  type: 'game' as const,
  gameId,
  startDate: `2026-03-16T${hour}:00:00`,
  endDate: `2026-03-16T${hour + 1}:00:00`,
  checkedIn: 0,
});
const window = {
  type: 'schedule' as const,
  fieldScheduleId: 'w',
  startDate: '2026-03-16T08:00:00',
  endDate: '2026-03-16T22:00:00',
};
const pitch = (data: SubFieldTimeline['data']): SubFieldTimeline[] => [{ subFieldId: 's', name: 'Pitch A', data }];

describe('timelineChanges', () => {
  it('says nothing when only availability changed', () => {
    expect(timelineChanges(pitch([]), pitch([window]))).toEqual([]);
  });

  it('names a booking that arrived and one that went away, with their sub-field and times', () => {
    expect(timelineChanges(pitch([window, game('old', 10)]), pitch([window, game('new', 18)]))).toEqual([
      'New booking on Pitch A, Mon 16 Mar, 18:00 – 19:00',
      'Booking removed from Pitch A, Mon 16 Mar, 10:00 – 11:00',
    ]);
  });
});

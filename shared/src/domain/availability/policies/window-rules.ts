import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError } from '../../decider';
import { isOnSlotGrid } from '../../slot-grid';
import type { WindowRules } from '../commands/types';
import type { BookableWindow } from '../state';

dayjs.extend(utc);
dayjs.extend(timezone);

export const MAX_WINDOW_DAYS = 14;
const DAY_MS = 24 * 3_600_000;
const MAX_WINDOW_MS = MAX_WINDOW_DAYS * DAY_MS;

/** Times in messages are shown in the reader's zone (the X-Time-Zone header), like the screen they look at. */
const clock = (epochMs: number, timeZone: string) => dayjs(epochMs).tz(timeZone).format('HH:mm');
export /** The rules every new or changed window meets; `others` are the sub-field's other windows. */
function refuseBadWindow(
  start: number,
  end: number,
  others: BookableWindow[],
  subFieldName: string,
  now: Date,
  rules: WindowRules,
): void {
  if (!(end > start)) throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
  // Bookings are made on the slot grid, so availability starts and ends on it too.
  if (!isOnSlotGrid(start, end))
    throw new DomainError('invalid', 'off_grid', 'Start and end must be on the hour or half hour.');
  // A window that has begun but not ended is still useful: the rest of it can be booked.
  if (end <= now.getTime()) throw new DomainError('invalid', 'in_the_past', 'This availability is already over.');
  if (end - start > MAX_WINDOW_MS)
    throw new DomainError('invalid', 'too_long', `An availability window can be at most ${MAX_WINDOW_DAYS} days long.`);
  // A start in the year 9999 is a typo, and nobody can plan games against it.
  if (start - now.getTime() > rules.maxDaysAhead * DAY_MS) {
    throw new DomainError(
      'invalid',
      'too_far_ahead',
      `Availability can start at most ${rules.maxDaysAhead} days from now.`,
    );
  }
  const clash = others.filter((other) => other.start < end && start < other.end).sort((a, b) => a.start - b.start)[0];
  if (clash) {
    throw new DomainError(
      'invalid',
      'overlap',
      `This availability overlaps another window on ${subFieldName} from ${clock(clash.start, rules.timeZone)} to ${clock(clash.end, rules.timeZone)}`,
    );
  }
}

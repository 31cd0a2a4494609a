import type { AvailabilityEvent } from '../../domain/availability/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, shownLater, type JobPolicy, type PolicyClock } from '../policy';
import { subFieldOf } from '../sub-field-ref';
import type { ExpireHoldJob } from './handler';

/** A hold expires by itself: a delayed job at its expiresAt. */
export const expireHoldPolicy = (clock: PolicyClock): JobPolicy<ExpireHoldJob> => ({
  handles: ['SlotHeld', 'HoldReleased'] satisfies AvailabilityEvent['type'][],
  react(stored, following) {
    // Handled only to be seen after a hold (below): it asks for nothing itself.
    if (stored.type !== 'SlotHeld') return [];
    const event = parseEvent(stored);
    if (event.type !== 'SlotHeld') return [];
    // A hold already booked or released when the log is read needs no expiry: most holds, under load.
    if (shownLater(following(), ['SlotBooked', 'HoldReleased'], 'holdId', event.data.holdId)) return [];
    return [
      {
        jobName: 'expire-hold',
        data: { kind: 'expire-hold', subField: subFieldOf(event.data), holdId: event.data.holdId },
        delayMs: delayUntil(clock, event.data.expiresAt),
      },
    ];
  },
});

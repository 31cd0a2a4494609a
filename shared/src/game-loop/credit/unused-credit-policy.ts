import type { CreditEvent } from '../../domain/ledger/credit-events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, type JobPolicy, type PolicyClock } from '../policy';
import type { ReturnUnusedCreditJob } from './return-unused-credit';

/** UNUSED_CREDIT_RETURN_MINUTES' default: long enough to pay by card and join, short enough not to miss the credit. */
export const DEFAULT_UNUSED_CREDIT_RETURN_MINUTES = 30;

/**
 * Issue #45: every spend of credit at checkout asks for its return, `minutes` later: the job gives it
 * back only when no join used it (or its card part never went through), see return-unused-credit.ts.
 */
export const unusedCreditPolicy = (
  clock: PolicyClock,
  minutes: number = DEFAULT_UNUSED_CREDIT_RETURN_MINUTES,
): JobPolicy<ReturnUnusedCreditJob> => ({
  handles: ['CreditSpent'] satisfies CreditEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (event.type !== 'CreditSpent') return [];
    const { userId, paymentId, gameId, amountCents, at } = event.data;
    return [
      {
        jobName: 'return-unused-credit',
        data: { kind: 'return-unused-credit', payerId: userId, paymentId, gameId, amountCents },
        delayMs: delayUntil(clock, new Date(Date.parse(at) + minutes * 60_000)),
      },
    ];
  },
});

import { DEFAULT_REMINDER_HOURS } from '../contract/notifications';
import { scheduleGamePolicy } from './book-held-slot/policy';
import { cancelledGamePolicy } from './cancel-game/policy';
import { minimumPlayersPolicy } from './decide-thin-game/policy';
import { expireHoldPolicy } from './expire-hold/policy';
import type { GameLoopJob } from './game-loop-jobs';
import { offerExpiryPolicy } from './offer-freed-spot/policy';
import type { JobPolicy } from './policy';
import { reminderPolicy } from './remind-players/policy';
import { regularsPolicy } from './weekly-series/policy';
import { recordAttendancePolicy } from './record-attendance/policy';
import { heldEntriesPolicy } from './settle-held-entries/policy';
import { creditPolicy } from './credit/policy';
import { unusedCreditPolicy } from './credit/unused-credit-policy';

/**
 * The game loop's policy (DESIGN §7): which jobs the log's events ask for, each use case's own policy
 * asked in turn. A game's scheduling asks for its reminder, its next week's regulars and its minimum
 * check, in that order (a job's id is its place in the reaction, so the order stays). Job ids come
 * from the event, so a replayed event enqueues nothing twice.
 */
export function gameLoopPolicy(
  now: () => Date = () => new Date(),
  reminderHours: number = DEFAULT_REMINDER_HOURS,
  /** UNUSED_CREDIT_RETURN_MINUTES (issue #45): how long credit spent at checkout waits for its join. */
  unusedCreditMinutes?: number,
): JobPolicy<GameLoopJob> {
  const clock = { now };
  const policies: JobPolicy<GameLoopJob>[] = [
    expireHoldPolicy(clock),
    scheduleGamePolicy,
    reminderPolicy(clock, reminderHours),
    regularsPolicy(clock),
    minimumPlayersPolicy(clock),
    offerExpiryPolicy(clock),
    cancelledGamePolicy,
    recordAttendancePolicy,
    heldEntriesPolicy,
    creditPolicy,
    unusedCreditPolicy(clock, unusedCreditMinutes),
  ];
  return {
    handles: [...new Set(policies.flatMap((policy) => policy.handles))],
    react: (event, following) =>
      policies
        .filter((policy) => policy.handles.includes(event.type))
        .flatMap((policy) => policy.react(event, following)),
  };
}

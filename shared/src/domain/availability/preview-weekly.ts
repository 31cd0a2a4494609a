import { DomainError, type DecisionContext } from '../decider';
import type { WeeklyAvailabilityCommand } from './commands/types';
import { availabilityDecider } from './decider';
import { weeklyPlan, type WeeklyPlan } from './policies/weekly-plan';
import type { AvailabilityState } from './state';

/** The what-if answer of a weekly command: its plan and the refusal the decision would give, saving nothing. */
export function previewWeekly(
  command: WeeklyAvailabilityCommand,
  state: AvailabilityState,
  context: DecisionContext,
): WeeklyPlan & { refusal: { code: string; message: string } | null } {
  let plan: WeeklyPlan;
  try {
    plan = weeklyPlan(command, state, context.now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      added: [],
      changed: [],
      removed: [],
      overlaps: [],
      touching: [],
      bookings: [],
      refusal: { code: error.code, message: error.message },
    };
  }
  try {
    availabilityDecider.decide(command, state, context);
    return { ...plan, refusal: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ...plan, refusal: { code: error.code, message: error.message } };
  }
}

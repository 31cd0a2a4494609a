import { MAX_CANCELLATION_WINDOW_HOURS } from './rules';

/** Refusals a field owner reads when managing fields. */
export const ONLY_FIELD_OWNERS = 'Only field owners can manage fields.';
export const ONLY_YOUR_OWN_FIELDS = 'You can only change your own fields.';
export const CANCELLATION_WINDOW_RANGE = `The cancellation window is a whole number of hours from 0 to ${MAX_CANCELLATION_WINDOW_HOURS}.`;
export const ONLY_ADMINS_MAKE_RENTALS_FREE = "Only an admin can make a field's rentals free.";

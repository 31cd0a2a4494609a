import { calendarProjection } from './calendar/calendar-projection';
import { bookingsProjection } from './availability/bookings-projection';
import { availabilityWindowsProjection } from './availability/availability-windows-projection';
import { fieldsProjection } from './fields/fields-projection';
import { gamesProjection } from './games/games-projection';
import { partnerApplicationsProjection } from './partners/partner-applications-projection';
import { balancesProjection } from './payments/balances-projection';
import { paymentDifferencesProjection } from './payments/payment-differences-projection';
import type { Projection } from './runtime/projection';
import { usersProjection } from './users/users-projection';

/** Every read model of the product, by capability. */
export const allProjections: Projection[] = [
  usersProjection,
  fieldsProjection,
  availabilityWindowsProjection,
  bookingsProjection,
  gamesProjection,
  balancesProjection,
  paymentDifferencesProjection,
  partnerApplicationsProjection,
  calendarProjection,
];
export const projectionNames = allProjections.map((projection) => projection.name);

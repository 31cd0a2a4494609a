import { calendarProjection } from './calendar/calendar-projection';
import { bookingsProjection } from './availability/bookings-projection';
import { availabilityWindowsProjection } from './availability/availability-windows-projection';
import { fieldsProjection } from './fields/fields-projection';
import { gamesProjection } from './games/games-projection';
import { partnerApplicationsProjection } from './partners/partner-applications-projection';
import { balancesProjection } from './payments/balances-projection';
import { paymentDifferencesProjection } from './payments/payment-differences-projection';
import { creditProjection } from './payments/credit-projection';
import { gamePaymentsProjection } from './payments/game-payments-projection';
import type { Projection } from './runtime/projection';
import { usersProjection } from './users/users-projection';
import { notificationsProjection } from './notifications/notifications-projection';
import { chatProjection } from './chat/chat-projection';
import type { EmailSettings } from '@playtime/shared/infra/email/outbox';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';

/**
 * Every read model of the product, by capability. `mail`: where notifications' mail links point and
 * how their unsubscribe links are signed; null writes no mail (a projector without email).
 */
export const productProjections = (mail: EmailSettings | null): Projection[] => [
  usersProjection,
  fieldsProjection,
  availabilityWindowsProjection,
  bookingsProjection,
  gamesProjection,
  balancesProjection,
  paymentDifferencesProjection,
  partnerApplicationsProjection,
  calendarProjection,
  notificationsProjection(mail),
  chatProjection,
  creditProjection,
  gamePaymentsProjection,
];
export const projectionNames = PROJECTION_NAMES;

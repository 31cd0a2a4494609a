/**
 * The read models by name. A query waits for these to reach the caller's last write, readiness
 * checks their lag and realtime messages name them; the read side knows them from here, never from
 * the projector's code. The projector's projections carry these names (a test holds both lists equal).
 */
export const PROJECTIONS = {
  users: 'users',
  fields: 'fields',
  availabilityWindows: 'availability_windows',
  bookings: 'bookings',
  games: 'games',
  balances: 'balances',
  paymentDifferences: 'payment_differences',
  partnerApplications: 'partner_applications',
  calendar: 'calendar',
  notifications: 'notifications',
  chat: 'chat',
  credit: 'credit',
  gamePayments: 'game_payments',
} as const;

export type ProjectionName = (typeof PROJECTIONS)[keyof typeof PROJECTIONS];

export const PROJECTION_NAMES: ProjectionName[] = Object.values(PROJECTIONS);

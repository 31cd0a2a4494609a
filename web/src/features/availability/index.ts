/** The availability feature's public surface: the owner's Schedule Management tab and its query keys. */
export { availabilityKeys } from './api/query-keys';
export { AvailabilityManagement } from './availability-management';
export type { AvailabilitySelection } from './selection';

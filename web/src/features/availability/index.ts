/** The availability feature's public surface: the owner's Schedule Management tab. */
export { AvailabilityManagement } from './availability-management';
export type { AvailabilitySelection } from './selection';

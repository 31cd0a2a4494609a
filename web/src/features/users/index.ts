/** The users feature's public surface: the admin's user table, and the profile's parts (app/routes composes it). */
export { UserManagement } from './admin/user-management';
export { useBalance } from './api/profile';
export { AvatarPicker } from './profile/avatar-picker';
export { CalendarFeedCard } from './profile/calendar-feed-card';
export { ReliabilityCard } from './profile/reliability-card';

/** Only a signed-in user needs it, so it loads after login rather than with the first page. */
export const loadCurrentUserSync = () => import('./current-user-sync');

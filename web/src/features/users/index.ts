/** The users feature's public surface: the admin's user table, and the profile page (loaded on first visit). */
export { UserManagement } from './admin/user-management';

export const loadProfilePage = () => import('./profile/profile-page');
/** Only a signed-in user needs it, so it loads after login rather than with the first page. */
export const loadCurrentUserSync = () => import('./current-user-sync');

/** The users feature's public surface: roles, the signed-in user, the admin's user table, and the profile page (loaded on first visit). */
export { useCurrentUser } from './api/current-user';
export { userKeys } from './api/query-keys';
export { UserManagement } from './admin/user-management';
export { storeRole } from './role-storage';
export { ROLES, type Role } from './roles';
export { useRole } from './use-role';

export const loadProfilePage = () => import('./profile/profile-page');
/** Only a signed-in user needs it, so it loads after login rather than with the first page. */
export const loadCurrentUserSync = () => import('./current-user-sync');

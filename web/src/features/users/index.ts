/** The users feature's public surface: roles, the signed-in user, the admin's user table, and the profile page (loaded on first visit). */
export { useCurrentUser } from './api/current-user';
export { userKeys } from './api/query-keys';
export { UserManagement } from './admin/user-management';
export { CurrentUserSync } from './current-user-sync';
export { storeRole } from './role-storage';
export { ROLES, type Role } from './roles';
export { useRole } from './use-role';

export const loadProfilePage = () => import('./profile/profile-page');

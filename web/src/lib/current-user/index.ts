/** The signed-in user and their roles: who is using the app, which every feature may ask. */
export { useCurrentUser } from './current-user';
export { userKeys } from './query-keys';
export { storeRole } from './role-storage';
export { ROLES, type Role } from './roles';
export { useRole } from './use-role';

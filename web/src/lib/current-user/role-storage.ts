import { isRole, type Role } from './roles';

/**
 * The current user's role is kept client-side (localStorage 'role') for route guarding, so a
 * reload can guard pages before GET /api/get-user answers. The server enforces every rule anyway.
 */
export const ROLE_STORAGE_KEY = 'role';

type RoleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStoredRole(storage: RoleStorage): Role | undefined {
  const value = storage.getItem(ROLE_STORAGE_KEY);
  return isRole(value) ? value : undefined;
}

/** Stores the role; an empty or missing role removes the entry instead of storing ''. */
export function storeRole(storage: RoleStorage, role: string | null | undefined): void {
  if (isRole(role)) storage.setItem(ROLE_STORAGE_KEY, role);
  else storage.removeItem(ROLE_STORAGE_KEY);
}

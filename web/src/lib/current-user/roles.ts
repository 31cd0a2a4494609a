import { ROLES, type Role } from '@playtime/shared/domain/users/roles';

/** The four roles of the user domain; 'field owner' is written with a space, as the server sends it. */
export { ROLES, type Role };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** 'field owner' → 'Field owner', for labels. */
export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

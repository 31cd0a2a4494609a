/** The four roles; 'field owner' is written with a space, as the server sends it. */
export const ROLES = ['player', 'captain', 'field owner', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** 'field owner' → 'Field owner', for labels. */
export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

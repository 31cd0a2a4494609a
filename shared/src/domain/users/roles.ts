/**
 * The four roles of a user account. A module of its own, free of the event schemas, so a page that
 * only names roles (the web app's navigation) does not bring the schema library with it.
 */
export const ROLES = ['player', 'captain', 'field owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

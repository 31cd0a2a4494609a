import { ROLES, type Role } from '../lib/current-user';

/**
 * Who may see what (product spec section 6 and DESIGN §4). The navigation and the route guard read
 * the same table; the server enforces every rule again, the client only avoids dead ends.
 */
export const ROUTE_ROLES = {
  fieldOwner: ['field owner', 'admin'],
  profile: ROLES,
  admin: ['admin'],
  organize: ['captain', 'admin'],
  search: ['captain', 'player', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export interface NavLinkSpec {
  label: string;
  to: string;
  roles: readonly Role[];
}

export const NAV_LINKS: readonly NavLinkSpec[] = [
  { label: 'Search', to: '/search', roles: ROUTE_ROLES.search },
  { label: 'Organize', to: '/organize/games', roles: ROUTE_ROLES.organize },
  { label: 'Field Management', to: '/FieldOwner', roles: ROUTE_ROLES.fieldOwner },
  { label: 'Profile', to: '/profile', roles: ROUTE_ROLES.profile },
  { label: 'Admin', to: '/admin', roles: ROUTE_ROLES.admin },
];

/** The links a user with this role sees; nobody logged in (no role) sees none. */
export function navLinksFor(role: Role | undefined): NavLinkSpec[] {
  if (!role) return [];
  return NAV_LINKS.filter((link) => link.roles.includes(role));
}

export type GuardDecision = 'loading' | 'redirect' | 'allow';

export interface GuardInput {
  isLoading: boolean;
  isAuthenticated: boolean;
  role: Role | undefined;
  allowedRoles: readonly Role[];
}

/**
 * The route guard of the spec: 'Loading...' while authentication loads; visitors go to '/';
 * 'Loading...' while a logged-in user's role is unknown; a role not allowed goes to '/'.
 */
export function guardDecision({ isLoading, isAuthenticated, role, allowedRoles }: GuardInput): GuardDecision {
  if (isLoading) return 'loading';
  if (!isAuthenticated) return 'redirect';
  if (role === undefined) return 'loading';
  return allowedRoles.includes(role) ? 'allow' : 'redirect';
}

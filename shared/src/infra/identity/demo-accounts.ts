import type { Role } from '../../domain/users/events';

/**
 * The accounts the embedded identity provider creates when asked to seed demo data, so every role
 * can be tried from the login page without signing up. The provider only knows emails and
 * passwords; the role each account should start with is applied by the user service on first
 * login (roles live in Playtime's own user records, never in the identity provider).
 */
export interface DemoAccount {
  email: string;
  nickname: string;
  name: string;
  role: Role;
}

/** Shared by every demo account; shown on the login page while seeding is on. */
export const DEMO_PASSWORD = 'playtime';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'player@playtime.test', nickname: 'player', name: 'Pat Player', role: 'player' },
  { email: 'captain@playtime.test', nickname: 'captain', name: 'Casey Captain', role: 'captain' },
  { email: 'owner@playtime.test', nickname: 'owner', name: 'Olive Owner', role: 'field owner' },
  { email: 'admin@playtime.test', nickname: 'admin', name: 'Alex Admin', role: 'admin' },
];

/**
 * Access-token claim carrying the role the embedded provider suggests for a first login: the demo
 * account's role, or 'admin' for an email listed in the provider's `adminEmails`. Other providers
 * (Auth0) never send it, so it is a hint for creating the user record, not an authorization source.
 */
export const DEMO_ROLE_CLAIM = 'playtime_demo_role';

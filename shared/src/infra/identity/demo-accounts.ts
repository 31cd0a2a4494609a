import type { Role } from '../../domain/users/events';
import type { Queryable } from '../db/pool';

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

/**
 * The seeded demo accounts as identities to register at start, so an admin sees them in the user
 * list before anyone has logged in with them. `issuer` is the embedded provider's (the `iss` of its
 * tokens); the subject is the account id, as in its tokens.
 */
export async function demoAccountIdentities(db: Queryable, issuer: string) {
  const { rows } = await db.query<{
    account_id: string;
    email: string;
    email_verified: boolean;
    nickname: string;
    picture: string;
  }>(
    'SELECT account_id, email, email_verified, nickname, picture FROM identity_accounts WHERE email = ANY($1::text[])',
    [DEMO_ACCOUNTS.map((demo) => demo.email)],
  );
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return DEMO_ACCOUNTS.flatMap((demo) => byEmail.get(demo.email) ?? []).map((row) => ({
    issuer,
    subject: row.account_id,
    email: row.email,
    emailVerified: row.email_verified,
    nickname: row.nickname,
    profilePicture: row.picture,
    demoRole: row.email_verified ? DEMO_ACCOUNTS.find((demo) => demo.email === row.email)?.role : undefined,
  }));
}

import type { Migration } from '../../db/migrations';

/**
 * Everything the embedded identity provider must keep across restarts, so a restart logs nobody out:
 * - identity_accounts: who can sign in (scrypt password hashes, never passwords);
 * - identity_provider_records: oidc-provider's sessions, grants, codes, refresh tokens, interactions,
 *   one row per (model, id) with the columns its adapter looks things up by;
 * - identity_secrets: the RSA signing key (private JWK) and the cookie signing keys;
 * - identity_login_failures: recent log-in tries per account and per address, and sign-ups per address
 *   (login-throttle.ts);
 * - identity_ended_grants: sessions that ended lately, whose access tokens the APIs refuse (ended-sessions.ts);
 * - identity_email_links: verification and password reset links (account-email.ts).
 */
export const identityMigrations: Migration[] = [
  {
    version: 1,
    name: 'embedded identity provider',
    sql: `
      CREATE TABLE identity_accounts (
        account_id     text        PRIMARY KEY,
        email          text        NOT NULL UNIQUE,
        email_verified boolean     NOT NULL DEFAULT false,
        name           text        NOT NULL,
        nickname       text        NOT NULL,
        picture        text        NOT NULL,
        password_hash  text        NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE identity_provider_records (
        model      text        NOT NULL,
        id         text        NOT NULL,
        payload    jsonb       NOT NULL,
        grant_id   text,
        uid        text,
        user_code  text,
        expires_at timestamptz,
        PRIMARY KEY (model, id)
      );
      CREATE INDEX identity_provider_records_grant ON identity_provider_records (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX identity_provider_records_uid ON identity_provider_records (model, uid) WHERE uid IS NOT NULL;
      CREATE INDEX identity_provider_records_user_code ON identity_provider_records (model, user_code) WHERE user_code IS NOT NULL;
      CREATE INDEX identity_provider_records_expiry ON identity_provider_records (expires_at) WHERE expires_at IS NOT NULL;

      CREATE TABLE identity_secrets (
        name       text        PRIMARY KEY,
        value      jsonb       NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'login throttling',
    sql: `
      CREATE TABLE identity_login_failures (
        key             text        PRIMARY KEY,
        failures        integer     NOT NULL,
        last_failure_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'ended sessions',
    sql: `
      CREATE TABLE identity_ended_grants (
        grant_id text        PRIMARY KEY,
        ended_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX identity_ended_grants_ended_at ON identity_ended_grants (ended_at);
    `,
  },
  {
    version: 4,
    name: 'temporary passwords',
    sql: `
      ALTER TABLE identity_accounts ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 5,
    name: 'email links',
    sql: `
      -- Verification and password reset links (account-email.ts): only a hash of the token is kept,
      -- so the table alone opens nothing. used_at makes a link single use.
      CREATE TABLE identity_email_links (
        token_hash text        PRIMARY KEY,
        account_id text        NOT NULL REFERENCES identity_accounts (account_id) ON DELETE CASCADE,
        purpose    text        NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
        email      text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at    timestamptz
      );
      CREATE INDEX identity_email_links_account ON identity_email_links (account_id);
    `,
  },
];

import type { Migration } from '../../db/migrations';

/**
 * What the app keeps of its Stripe Connect accounts: which Express account is whose (created once per
 * receiver) and whether it may take charges and pay out, as the last `account.updated` said.
 */
export const stripeAccountMigrations: Migration[] = [
  {
    version: 1,
    name: 'stripe connected accounts',
    sql: `
      CREATE SCHEMA IF NOT EXISTS stripe_payments;
      CREATE TABLE stripe_payments.accounts (
        receiver_id       text        PRIMARY KEY,
        account_id        text        NOT NULL UNIQUE,
        charges_enabled   boolean     NOT NULL DEFAULT false,
        payouts_enabled   boolean     NOT NULL DEFAULT false,
        details_submitted boolean     NOT NULL DEFAULT false,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];

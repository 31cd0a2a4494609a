import type { Migration } from '../../db/migrations';

/**
 * The simulated processor's own books, in schema `simulated_payments`, apart from the app's tables
 * (as a real processor's would be): connected accounts, payments (only a card's last four digits),
 * refunds, every event it sent as a webhook, and its webhook signing secret.
 */
export const simulatedPaymentMigrations: Migration[] = [
  {
    version: 1,
    name: 'simulated card processor',
    sql: `
      CREATE SCHEMA IF NOT EXISTS simulated_payments;

      CREATE TABLE simulated_payments.accounts (
        receiver_id text        PRIMARY KEY,
        account_id  text        NOT NULL UNIQUE,
        created_at  timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE simulated_payments.payments (
        payment_id       text        PRIMARY KEY,
        client_secret    text        NOT NULL UNIQUE,
        idempotency_key  text        NOT NULL UNIQUE,
        amount_cents     bigint      NOT NULL CHECK (amount_cents > 0),
        currency         text        NOT NULL,
        purpose          jsonb       NOT NULL,
        payer_id         text        NOT NULL,
        receiver_id      text        NOT NULL,
        fee_cents        bigint      NOT NULL,
        status           text        NOT NULL,
        failure_message  text,
        card_last4       text,
        refunded_cents   bigint      NOT NULL DEFAULT 0,
        created_at       timestamptz NOT NULL DEFAULT now(),
        CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)
      );

      CREATE TABLE simulated_payments.refunds (
        refund_id       text        PRIMARY KEY,
        payment_id      text        NOT NULL REFERENCES simulated_payments.payments,
        idempotency_key text        NOT NULL UNIQUE,
        amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
        created_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refunds_of_payment ON simulated_payments.refunds (payment_id, created_at);

      CREATE TABLE simulated_payments.events (
        event_id   text        PRIMARY KEY,
        payment_id text        NOT NULL,
        type       text        NOT NULL,
        payload    text        NOT NULL,
        -- False until handed to delivery: an event whose hand-over a crash interrupted is sent at the next start.
        handed_over boolean    NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX events_not_handed_over ON simulated_payments.events (created_at) WHERE NOT handed_over;
      CREATE INDEX events_of_payment ON simulated_payments.events (payment_id, created_at);

      CREATE TABLE simulated_payments.settings (
        name  text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'payments in the order they were made',
    sql: `CREATE INDEX payments_in_order ON simulated_payments.payments (created_at, payment_id);`,
  },
  {
    version: 3,
    name: 'payments held until captured',
    sql: `
      -- Issue #45: 'manual' payments stop at requires_capture once authorized, until captured or cancelled.
      ALTER TABLE simulated_payments.payments ADD COLUMN capture_method text NOT NULL DEFAULT 'automatic';

      -- A capture or a cancel is made once per key, as Stripe's idempotency keys make it.
      CREATE TABLE simulated_payments.settlements (
        idempotency_key text        PRIMARY KEY,
        payment_id      text        NOT NULL REFERENCES simulated_payments.payments,
        action          text        NOT NULL CHECK (action IN ('capture', 'cancel')),
        created_at      timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 4,
    name: 'payments the bank is still processing',
    sql: `
      -- A 'processing' payment waits for its bank's answer: when it comes, and what it will be.
      ALTER TABLE simulated_payments.payments ADD COLUMN bank_answers_at timestamptz;
      ALTER TABLE simulated_payments.payments ADD COLUMN bank_decline jsonb;
      CREATE INDEX payments_awaiting_bank ON simulated_payments.payments (bank_answers_at) WHERE status = 'processing';
    `,
  },
];

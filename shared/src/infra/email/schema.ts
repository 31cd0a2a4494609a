import type { Migration } from '../db/migrations';

/**
 * Email's tables (issue #31):
 * - email_outbox: one row per mail to send, written in the same transaction as what causes it
 *   (outbox.ts says where), rendered already, with its sending state;
 * - email_unsubscribes: the kinds a user turned off by a mail's unsubscribe link;
 * - email_secrets: the key that signs unsubscribe links;
 * - caught_mail: what the standalone app's embedded SMTP server received (the admin's Mail tab).
 */
export const emailMigrations: Migration[] = [
  {
    version: 1,
    name: 'email outbox, unsubscribes and caught mail',
    sql: `
      CREATE TABLE email_outbox (
        id          bigserial   PRIMARY KEY,
        kind        text        NOT NULL,
        account_id  text,
        to_address  text        NOT NULL,
        subject     text        NOT NULL,
        text_body   text        NOT NULL,
        html_body   text        NOT NULL,
        headers     jsonb       NOT NULL DEFAULT '{}',
        -- pending: not claimed; sending: claimed by an attempt that has not recorded its outcome;
        -- sent: the SMTP server accepted it; failed: refused for good; unknown: a claimed attempt
        -- vanished and nobody can tell whether the server got it (never sent again by itself).
        state       text        NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'unknown')),
        queued      boolean     NOT NULL DEFAULT false,
        attempts    integer     NOT NULL DEFAULT 0,
        last_error  text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        claimed_at  timestamptz,
        sent_at     timestamptz
      );
      CREATE INDEX email_outbox_unqueued ON email_outbox (id) WHERE NOT queued;

      CREATE TABLE email_unsubscribes (
        account_id      text        NOT NULL,
        kind            text        NOT NULL,
        unsubscribed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, kind)
      );

      CREATE TABLE email_secrets (
        name  text PRIMARY KEY,
        value text NOT NULL
      );

      CREATE TABLE caught_mail (
        id           bigserial   PRIMARY KEY,
        message_id   text,
        to_address   text        NOT NULL,
        from_address text        NOT NULL,
        subject      text        NOT NULL,
        kind         text,
        text_body    text        NOT NULL,
        html_body    text,
        raw          text        NOT NULL,
        received_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX caught_mail_message_id ON caught_mail (message_id);
    `,
  },
  {
    version: 2,
    name: 'once-only mail from the log',
    sql: `
      -- Mail a projection writes from an event carries a key from it: a rebuilt projection writes it
      -- again, and only the first write counts. The identity provider's mail has none.
      ALTER TABLE email_outbox ADD COLUMN dedupe_key text UNIQUE;
    `,
  },
  {
    version: 3,
    name: 'caught mail keeps its raw source only',
    sql: `
      -- The bodies are parsed from the raw source when an admin opens a mail, not when it arrives.
      ALTER TABLE caught_mail DROP COLUMN text_body, DROP COLUMN html_body;
    `,
  },
  {
    version: 4,
    name: 'which job claimed a mail',
    sql: `
      -- A job sends several rows; a row may be in two jobs when a relay repeats after a crash. Only the
      -- job that claimed a row settles it when an attempt of that job vanished mid-send.
      ALTER TABLE email_outbox ADD COLUMN claimed_by text;
    `,
  },
  {
    version: 5,
    name: 'a mail left unknown is tried once more',
    sql: `
      -- When a row left 'unknown' was handed to the queue once more (retryUnknownRows); a row is tried so
      -- once. The indexes find the rows to try, and the ones tried whose job may not have been queued.
      ALTER TABLE email_outbox ADD COLUMN unknown_retried_at timestamptz;
      CREATE INDEX email_outbox_unknown ON email_outbox (claimed_at) WHERE state = 'unknown' AND unknown_retried_at IS NULL;
      CREATE INDEX email_outbox_retried ON email_outbox (id) WHERE state = 'pending' AND unknown_retried_at IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: 'quiet hours hold mail',
    sql: `
      -- Issue #46: a notification's mail written in the player's quiet hours is not relayed before this instant.
      ALTER TABLE email_outbox ADD COLUMN not_before timestamptz;
    `,
  },
];

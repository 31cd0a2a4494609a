import type { Migration } from '../db/migrations';

/**
 * Web Push's tables (issue #46). Subscriptions are secrets of their user (DESIGN §9): kept beside the
 * notifications read model, never in the event log, gone with a 404 or 410 from their push service.
 * - push_subscriptions: one row per device (its endpoint and keys), per user;
 * - push_kinds: the kinds of notification a user has Push on for (the profile's Push column);
 * - push_outbox: one row per notification and device, written with the notification in the projection's
 *   transaction, held until `not_before` (quiet hours), sent by the push worker's jobs.
 */
export const pushMigrations: Migration[] = [
  {
    version: 1,
    name: 'push subscriptions, kinds and outbox',
    sql: `
      CREATE TABLE push_subscriptions (
        endpoint   text        PRIMARY KEY,
        user_id    text        NOT NULL,
        p256dh     text        NOT NULL,
        auth       text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX push_subscriptions_of_user ON push_subscriptions (user_id);

      CREATE TABLE push_kinds (
        user_id text NOT NULL,
        kind    text NOT NULL,
        PRIMARY KEY (user_id, kind)
      );

      CREATE TABLE push_outbox (
        id          bigserial   PRIMARY KEY,
        endpoint    text        NOT NULL,
        user_id     text        NOT NULL,
        kind        text        NOT NULL,
        payload     jsonb       NOT NULL,
        -- RFC 8030 Urgency: 'high' for an offer of a freed spot, which is also relayed first (priority 0).
        urgency     text        NOT NULL,
        priority    smallint    NOT NULL,
        dedupe_key  text        NOT NULL,
        -- Quiet hours: not handed to the queue before this instant (null: at once).
        not_before  timestamptz,
        queued      boolean     NOT NULL DEFAULT false,
        -- pending: to send; sent: the push service took it (201); gone: the subscription was gone (404/410);
        -- failed: refused for good, or out of tries.
        state       text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'gone', 'failed')),
        attempts    integer     NOT NULL DEFAULT 0,
        last_error  text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        sent_at     timestamptz,
        UNIQUE (dedupe_key, endpoint)
      );
      CREATE INDEX push_outbox_unqueued ON push_outbox (priority, id) WHERE NOT queued;
    `,
  },
];

import type { Migration } from '../../db/migrations';

/**
 * The event log. `transaction_id` (xid8) is what keeps subscribers from skipping events:
 * sequence numbers are handed out when a transaction inserts, not when it commits, so a reader
 * that followed `global_position` alone could pass a gap that a slower transaction fills later.
 * Readers instead walk (transaction_id, global_position) and only below the oldest transaction of
 * the current snapshot still running with a write lock on this log (HELD_BACK_SQL), below which
 * every transaction that could write here has either committed or rolled back for good. That holds
 * because every append is a single statement: it locks es_events before its transaction has an id.
 */
/** An index that serves EventStore.findEvent(s) of these event types by one key of their data. */
function lookupIndex(name: string, types: readonly string[], key: string): string {
  return `CREATE INDEX ${name} ON es_events ((data->>'${key}')) WHERE type IN (${types.map((type) => `'${type}'`).join(', ')});`;
}

export const eventStoreMigrations: Migration[] = [
  {
    version: 1,
    name: 'event log',
    sql: `
      CREATE TABLE es_streams (
        stream_id text   PRIMARY KEY,
        revision  bigint NOT NULL
      );

      CREATE TABLE es_events (
        global_position bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
        stream_id       text        NOT NULL,
        revision        bigint      NOT NULL,
        event_id        uuid        NOT NULL,
        type            text        NOT NULL,
        data            jsonb       NOT NULL,
        metadata        jsonb       NOT NULL DEFAULT '{}',
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT es_events_stream_revision UNIQUE (stream_id, revision),
        CONSTRAINT es_events_stream_event_id UNIQUE (stream_id, event_id)
      );

      CREATE INDEX es_events_log_order ON es_events (transaction_id, global_position);
    `,
  },
  {
    version: 2,
    name: 'events found by the ids they name',
    // The lookups the command side makes (EventStore.findEvent): which sub-field a hold or an
    // availability window is on, which field a sub-field belongs to.
    sql: `
      CREATE INDEX es_events_sub_field_added ON es_events ((data->>'subFieldId')) WHERE type = 'SubFieldAdded';
      CREATE INDEX es_events_slot_held ON es_events ((data->>'holdId')) WHERE type = 'SlotHeld';
      CREATE INDEX es_events_availability_added ON es_events ((data->>'windowId')) WHERE type = 'AvailabilityAdded';
      CREATE INDEX es_events_availability_added_v1 ON es_events ((data->>'fieldScheduleId')) WHERE type = 'AvailabilityAdded';
    `,
  },
  {
    version: 3,
    name: 'the games a player joined',
    // A deleted account leaves the games it joined or waits for (EventStore.findEvents, issue #41).
    sql: `
      CREATE INDEX es_events_player_joined ON es_events ((data->>'playerId')) WHERE type = 'PlayerJoined';
      CREATE INDEX es_events_waitlist_joined ON es_events ((data->>'playerId')) WHERE type = 'WaitlistJoined';
    `,
  },
  {
    version: 4,
    name: 'the streams an account made, and who is an admin',
    // The write side finds these in the log, not in a read model (issue #42): a deleted account's fields
    // and the games it organized (its withdrawal), and at every start the registrations ADMIN_EMAILS
    // names and the accounts made admin.
    sql: [
      lookupIndex('es_events_field_added_owner', ['FieldAdded'], 'ownerId'),
      lookupIndex('es_events_game_scheduled_organizer', ['GameScheduled'], 'organizerId'),
      lookupIndex('es_events_user_registered_email', ['UserRegistered'], 'email'),
      lookupIndex('es_events_role_given', ['UserRegistered', 'UserRoleChanged', 'PartnerDecisionApplied'], 'role'),
    ].join('\n'),
  },
  {
    version: 5,
    name: "the events' text, folded, for the admin history's free text",
    // The history's free text looks through a window of the log (EVENT_TEXT_SCAN_WINDOW events); turning
    // each event's jsonb into text was nine tenths of that page's time, so the text is made once, when the
    // event is written, in ASCII lower case (as collation "C" folds it). Its own table, so the log's rows and
    // the subscribers' reads of them stay as they were, filled by a statement trigger in the append's own
    // transaction (no lag: the history finds an event as soon as it is committed). A trigram index over the
    // whole log was tried and not kept: common words read most of it (200-450 ms over 5,000,000 events)
    // and every append would pay it. Events are never changed or deleted; a TRUNCATE empties both.
    sql: `
      -- No parallel workers: a page walks the newest text back and stops when it has its rows, in a few
      -- milliseconds; starting a worker took longer than that (30-60 ms on a busy 2-core machine).
      CREATE TABLE es_events_text (
        global_position bigint PRIMARY KEY,
        folded          text   NOT NULL
      ) WITH (parallel_workers = 0);
      CREATE FUNCTION es_events_folded(data jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN lower(data::text COLLATE "C");

      CREATE FUNCTION es_events_text_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO es_events_text (global_position, folded) SELECT global_position, es_events_folded(data) FROM appended;
        RETURN NULL;
      END $$;
      CREATE TRIGGER es_events_text_added AFTER INSERT ON es_events
        REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION es_events_text_added();

      CREATE FUNCTION es_events_text_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE es_events_text;
        RETURN NULL;
      END $$;
      CREATE TRIGGER es_events_text_emptied AFTER TRUNCATE ON es_events
        FOR EACH STATEMENT EXECUTE FUNCTION es_events_text_emptied();

      INSERT INTO es_events_text (global_position, folded) SELECT global_position, es_events_folded(data) FROM es_events;
    `,
  },
];

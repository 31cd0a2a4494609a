import type { Migration } from '../../db/migrations';

/**
 * The event log. `transaction_id` (xid8) is what keeps subscribers from skipping events:
 * sequence numbers are handed out when a transaction inserts, not when it commits, so a reader
 * that followed `global_position` alone could pass a gap that a slower transaction fills later.
 * Readers instead walk (transaction_id, global_position) and only below the oldest transaction of
 * the current snapshot still running in this database (LOG_HORIZON_SQL), below which every
 * transaction that could write here has either committed or rolled back for good.
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
];

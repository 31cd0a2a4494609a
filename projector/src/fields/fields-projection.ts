import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { FIELD_EVENT_TYPES } from '@playtime/shared/domain/fields/events';
import { shownFieldPicture } from '@playtime/shared/domain/pictures/addresses';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { QueryingProjection } from '../runtime/projection';
import type { PoolClient } from 'pg';

/**
 * read.fields and read.sub_fields: every field with its sub-fields, for the owner area, the organize
 * wizard's venue search and (later) game search by distance. Deleted fields and removed sub-fields keep
 * their rows, flagged, so games that used them can still name them. A withdrawn field (its owner's
 * account was deleted) leaves the lists too; its sub-fields stay findable by id, so a command on one
 * reaches the sub-field's own stream, which refuses it and says why.
 */
export const fieldsProjection: QueryingProjection = {
  name: PROJECTIONS.fields,
  // 4: a picture from another site (stored before only uploaded ones were taken) is kept as none.
  // 5: the field's time zone (issue #30).
  version: 5,
  tables: ['fields', 'sub_fields'],
  handles: FIELD_EVENT_TYPES,
  schemaSql: `
    -- pg_trgm comes from the projections' migrations (shared/src/infra/projections/schema.ts).

    CREATE TABLE fields (
      field_id        text        PRIMARY KEY,
      owner_id        text        NOT NULL,
      name            text        NOT NULL,
      address         text        NOT NULL,
      zip_code        text        NOT NULL,
      city            text        NOT NULL,
      price_cents     bigint      NOT NULL,
      description     text        NOT NULL,
      picture         text        NOT NULL,
      latitude        double precision NOT NULL,
      longitude       double precision NOT NULL,
      deleted         boolean     NOT NULL DEFAULT false,
      withdrawn       boolean     NOT NULL DEFAULT false,
      added_at        timestamptz NOT NULL,
      -- The owner's window for a rental refund on cancellation; NULL: the app's default.
      cancellation_window_hours integer,
      -- An admin waived the rental: slots here cost nothing.
      free_rental     boolean     NOT NULL DEFAULT false,
      -- The field's IANA zone: weekly availability repeats at its wall-clock times.
      time_zone       text        NOT NULL
    );
    CREATE INDEX fields_by_owner ON fields (owner_id, lower(name)) WHERE NOT deleted;
    -- The venue search: a name containing the typed text, case-insensitive, without scanning every field.
    CREATE INDEX fields_name_trigrams ON fields USING gin (lower(name) gin_trgm_ops) WHERE NOT deleted;

    CREATE TABLE sub_fields (
      sub_field_id    text        PRIMARY KEY,
      field_id        text        NOT NULL,
      name            text        NOT NULL,
      removed         boolean     NOT NULL DEFAULT false,
      -- The log position of SubFieldAdded: sub-fields are listed in the order they were added.
      added_position  bigint      NOT NULL
    );
    CREATE INDEX sub_fields_of_field ON sub_fields (field_id, added_position) WHERE NOT removed;
  `,
  async apply(events, db) {
    const keys = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      let ownerId: string | undefined;
      switch (event.type) {
        case 'FieldAdded': {
          const d = event.data;
          await db.query(
            `INSERT INTO fields (field_id, owner_id, name, address, zip_code, city, price_cents, description, picture, latitude, longitude, added_at, time_zone)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (field_id) DO NOTHING`,
            [
              d.fieldId,
              d.ownerId,
              d.name,
              d.address,
              d.zipCode,
              d.city,
              d.pricePerHourCents,
              d.description,
              shownFieldPicture(d.picture),
              d.latitude,
              d.longitude,
              stored.createdAt,
              d.timeZone,
            ],
          );
          ownerId = d.ownerId;
          break;
        }
        case 'FieldEdited': {
          const d = event.data;
          ownerId = await updateField(
            db,
            `UPDATE fields SET name = $2, address = $3, zip_code = $4, city = $5, price_cents = $6, description = $7, picture = $8,
                    latitude = $9, longitude = $10
              WHERE field_id = $1 RETURNING owner_id`,
            [
              d.fieldId,
              d.name,
              d.address,
              d.zipCode,
              d.city,
              d.pricePerHourCents,
              d.description,
              shownFieldPicture(d.picture),
              d.latitude,
              d.longitude,
            ],
          );
          break;
        }
        case 'FieldPolicySet': {
          const d = event.data;
          ownerId = await updateField(
            db,
            'UPDATE fields SET cancellation_window_hours = $2, free_rental = $3 WHERE field_id = $1 RETURNING owner_id',
            [d.fieldId, d.cancellationWindowHours, d.freeRental],
          );
          break;
        }
        case 'FieldDeleted': {
          ownerId = await updateField(db, 'UPDATE fields SET deleted = true WHERE field_id = $1 RETURNING owner_id', [
            event.data.fieldId,
          ]);
          break;
        }
        case 'FieldWithdrawn': {
          ownerId = await updateField(db, 'UPDATE fields SET withdrawn = true WHERE field_id = $1 RETURNING owner_id', [
            event.data.fieldId,
          ]);
          break;
        }
        case 'SubFieldAdded': {
          await db.query(
            `INSERT INTO sub_fields (sub_field_id, field_id, name, added_position) VALUES ($1, $2, $3, $4) ON CONFLICT (sub_field_id) DO NOTHING`,
            [event.data.subFieldId, event.data.fieldId, event.data.name, stored.globalPosition],
          );
          ownerId = await ownerOf(db, event.data.fieldId);
          break;
        }
        case 'SubFieldRemoved':
          await db.query('UPDATE sub_fields SET removed = true WHERE sub_field_id = $1', [event.data.subFieldId]);
          ownerId = await ownerOf(db, event.data.fieldId);
          break;
        default:
          continue;
      }
      keys.add(rooms.field(event.data.fieldId));
      if (ownerId) keys.add(rooms.owner(ownerId));
      keys.add(rooms.admin);
    }
    return keys;
  },
};

/** An UPDATE of one field's row that returns its owner_id: the owner whose room hears of the change. */
async function updateField(db: PoolClient, sql: string, params: unknown[]): Promise<string | undefined> {
  const { rows } = await db.query<{ owner_id: string }>(sql, params);
  return rows[0]?.owner_id;
}

async function ownerOf(db: PoolClient, fieldId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ owner_id: string }>('SELECT owner_id FROM fields WHERE field_id = $1', [fieldId]);
  return rows[0]?.owner_id;
}

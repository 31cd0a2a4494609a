import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import type { FieldEvent } from '@playtime/shared/domain/fields/events';
import type { AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { QueryingProjection } from '../runtime/projection';
import type { PoolClient } from 'pg';

/**
 * read.availability_windows: the availability windows of every sub-field, for the owner's timeline
 * and the organize wizard's time slots. Windows of a closed or removed sub-field, or of a deleted field, leave with it.
 */
export const availabilityWindowsProjection: QueryingProjection = {
  name: PROJECTIONS.availabilityWindows,
  // 3: the weekly set a window belongs to (issue #30).
  version: 3,
  tables: ['availability_windows'],
  // Availability, and the field changes that take windows away (holds and bookings have their own read model).
  handles: [
    'AvailabilityAdded',
    'AvailabilityChanged',
    'AvailabilityRemoved',
    'AvailabilitySetAdded',
    'SubFieldClosed',
    'SubFieldRemoved',
    'FieldDeleted',
  ] satisfies (AvailabilityEvent | FieldEvent)['type'][],
  schemaSql: `
    CREATE TABLE availability_windows (
      window_id    text        PRIMARY KEY,
      sub_field_id text        NOT NULL,
      field_id     text        NOT NULL,
      owner_id     text        NOT NULL,
      start_date   timestamptz NOT NULL,
      end_date     timestamptz NOT NULL,
      -- The weekly set the window was made in (AvailabilitySetAdded); NULL for a window added on its own.
      set_id       text
    );
    CREATE INDEX availability_windows_of_sub_field ON availability_windows (sub_field_id, start_date);
    CREATE INDEX availability_windows_of_field ON availability_windows (field_id, start_date);
  `,
  async apply(events, db) {
    const keys = new Set<string>();
    const changed = (fieldId: string, ownerId: string) => {
      keys.add(rooms.field(fieldId));
      keys.add(rooms.owner(ownerId));
      keys.add(rooms.admin);
    };
    for (const stored of events) {
      const event = parseEvent(stored);
      switch (event.type) {
        case 'AvailabilityAdded': {
          const d = event.data;
          await db.query(
            `INSERT INTO availability_windows (window_id, sub_field_id, field_id, owner_id, start_date, end_date)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (window_id) DO NOTHING`,
            [d.windowId, d.subFieldId, d.fieldId, d.ownerId, d.startDate, d.endDate],
          );
          changed(d.fieldId, d.ownerId);
          break;
        }
        case 'AvailabilityChanged': {
          const d = event.data;
          await db.query('UPDATE availability_windows SET start_date = $2, end_date = $3 WHERE window_id = $1', [
            d.windowId,
            d.startDate,
            d.endDate,
          ]);
          changed(d.fieldId, d.ownerId);
          break;
        }
        // Appended after the set's own AvailabilityAdded events, so its windows are there to mark.
        case 'AvailabilitySetAdded':
          await db.query('UPDATE availability_windows SET set_id = $2 WHERE window_id = ANY($1::text[])', [
            event.data.windowIds,
            event.data.setId,
          ]);
          changed(event.data.fieldId, event.data.ownerId);
          break;
        case 'AvailabilityRemoved':
          await db.query('DELETE FROM availability_windows WHERE window_id = $1', [event.data.windowId]);
          changed(event.data.fieldId, event.data.ownerId);
          break;
        // A closed sub-field takes no more availability; its windows leave at once, even if the removal
        // on its field's stream is still to come (a crash between the two appends).
        case 'SubFieldClosed':
          await db.query('DELETE FROM availability_windows WHERE sub_field_id = $1', [event.data.subFieldId]);
          changed(event.data.fieldId, event.data.ownerId);
          break;
        case 'SubFieldRemoved': {
          const ownerId = await deleteWindows(db, 'sub_field_id', event.data.subFieldId);
          if (ownerId) changed(event.data.fieldId, ownerId);
          break;
        }
        case 'FieldDeleted': {
          const ownerId = await deleteWindows(db, 'field_id', event.data.fieldId);
          if (ownerId) changed(event.data.fieldId, ownerId);
          break;
        }
        default:
          continue;
      }
    }
    return keys;
  },
};

/** Deletes a sub-field's or a field's windows; the owner they belonged to when there were any, for their rooms. */
async function deleteWindows(db: PoolClient, of: 'sub_field_id' | 'field_id', id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ owner_id: string }>(
    `DELETE FROM availability_windows WHERE ${of} = $1 RETURNING owner_id`,
    [id],
  );
  return rows[0]?.owner_id;
}

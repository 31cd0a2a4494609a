import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import type { FieldEvent } from '@playtime/shared/domain/fields/events';
import type { AvailabilityEvent } from '@playtime/shared/domain/schedules/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { QueryingProjection } from '../runtime/projection';

/**
 * read.field_schedules: the availability windows of every sub-field, for the owner's timeline and the
 * organize wizard's time slots. Windows of a closed or removed sub-field, or of a deleted field, leave with it.
 */
export const fieldSchedulesProjection: QueryingProjection = {
  name: PROJECTIONS.fieldSchedules,
  version: 2,
  tables: ['field_schedules'],
  // Availability, and the field changes that take windows off the schedule (holds and bookings have their own read model).
  handles: ['AvailabilityAdded', 'AvailabilityChanged', 'AvailabilityRemoved', 'SubFieldClosed', 'SubFieldRemoved', 'FieldDeleted'] satisfies (AvailabilityEvent | FieldEvent)['type'][],
  schemaSql: `
    CREATE TABLE field_schedules (
      field_schedule_id text        PRIMARY KEY,
      sub_field_id      text        NOT NULL,
      field_id          text        NOT NULL,
      owner_id          text        NOT NULL,
      start_date        timestamptz NOT NULL,
      end_date          timestamptz NOT NULL
    );
    CREATE INDEX field_schedules_of_sub_field ON field_schedules (sub_field_id, start_date);
    CREATE INDEX field_schedules_of_field ON field_schedules (field_id, start_date);
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
            `INSERT INTO field_schedules (field_schedule_id, sub_field_id, field_id, owner_id, start_date, end_date)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (field_schedule_id) DO NOTHING`,
            [d.fieldScheduleId, d.subFieldId, d.fieldId, d.ownerId, d.startDate, d.endDate],
          );
          changed(d.fieldId, d.ownerId);
          break;
        }
        case 'AvailabilityChanged': {
          const d = event.data;
          await db.query('UPDATE field_schedules SET start_date = $2, end_date = $3 WHERE field_schedule_id = $1', [d.fieldScheduleId, d.startDate, d.endDate]);
          changed(d.fieldId, d.ownerId);
          break;
        }
        case 'AvailabilityRemoved':
          await db.query('DELETE FROM field_schedules WHERE field_schedule_id = $1', [event.data.fieldScheduleId]);
          changed(event.data.fieldId, event.data.ownerId);
          break;
        // A closed sub-field takes no more availability; its windows leave at once, even if the removal
        // on its field's stream is still to come (a crash between the two appends).
        case 'SubFieldClosed':
          await db.query('DELETE FROM field_schedules WHERE sub_field_id = $1', [event.data.subFieldId]);
          changed(event.data.fieldId, event.data.ownerId);
          break;
        case 'SubFieldRemoved': {
          const { rows } = await db.query<{ owner_id: string }>('DELETE FROM field_schedules WHERE sub_field_id = $1 RETURNING owner_id', [event.data.subFieldId]);
          if (rows[0]) changed(event.data.fieldId, rows[0].owner_id);
          break;
        }
        case 'FieldDeleted': {
          const { rows } = await db.query<{ owner_id: string }>('DELETE FROM field_schedules WHERE field_id = $1 RETURNING owner_id', [event.data.fieldId]);
          if (rows[0]) changed(event.data.fieldId, rows[0].owner_id);
          break;
        }
        default:
          continue;
      }
    }
    return keys;
  },
};

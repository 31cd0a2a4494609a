import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import type { AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * read.bookings and read.holds: the booked and held slots of every sub-field, for the wizard's time
 * slots, the owner's timeline and the checkout's price of a hold.
 *
 * The sub-field's decider already refuses any overlap; the exclusion constraint on bookings is a second
 * line that must never fire (a failing batch would stop this projection and show up in /readyz).
 */
export const bookingsProjection: WriteOnlyProjection = {
  name: PROJECTIONS.bookings,
  // Version 2 (issue #30): a hold has a row per week it covers, keyed by the hold and the week's start.
  version: 2,
  tables: ['bookings', 'holds'],
  handles: ['SlotHeld', 'HoldReleased', 'SlotBooked', 'BookingCancelled'] satisfies AvailabilityEvent['type'][],
  schemaSql: `
    -- btree_gist comes from the projections' migrations (shared/src/infra/projections/schema.ts).
    CREATE TABLE bookings (
      game_id      text        PRIMARY KEY,
      hold_id      text        NOT NULL,
      sub_field_id text        NOT NULL,
      field_id     text        NOT NULL,
      owner_id     text        NOT NULL,
      organizer_id text        NOT NULL,
      during       tstzrange   NOT NULL,
      rental_cents bigint      NOT NULL,
      payment_id   text,
      EXCLUDE USING gist (sub_field_id WITH =, during WITH &&)
    );
    CREATE INDEX bookings_of_field ON bookings (field_id);

    CREATE TABLE holds (
      hold_id      text        NOT NULL,
      sub_field_id text        NOT NULL,
      field_id     text        NOT NULL,
      owner_id     text        NOT NULL,
      organizer_id text        NOT NULL,
      start_date   timestamptz NOT NULL,
      end_date     timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      rental_cents bigint      NOT NULL,
      -- live, released (or expired, replaced) or booked
      status       text        NOT NULL,
      PRIMARY KEY (hold_id, start_date)
    );
    CREATE INDEX holds_live_of_sub_field ON holds (sub_field_id, start_date) WHERE status = 'live';
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const sql = (text: string, values: unknown[]) => statements.push({ text, values });
    const keys = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      switch (event.type) {
        case 'SlotHeld': {
          const d = event.data;
          // One row per week of a series hold, each with that week's rental: every week shows as held.
          for (const week of d.occurrences) {
            sql(
              `INSERT INTO holds (hold_id, sub_field_id, field_id, owner_id, organizer_id, start_date, end_date, expires_at, rental_cents, status)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'live') ON CONFLICT (hold_id, start_date) DO NOTHING`,
              [
                d.holdId,
                d.subFieldId,
                d.fieldId,
                d.ownerId,
                d.organizerId,
                week.startDate,
                week.endDate,
                d.expiresAt,
                week.rentalCents,
              ],
            );
          }
          keys.add(rooms.user(d.organizerId));
          break;
        }
        case 'HoldReleased':
          sql(`UPDATE holds SET status = $2 WHERE hold_id = $1`, [event.data.holdId, event.data.reason]);
          break;
        case 'SlotBooked': {
          const d = event.data;
          sql(`UPDATE holds SET status = 'booked' WHERE hold_id = $1`, [d.holdId]);
          sql(
            `INSERT INTO bookings (game_id, hold_id, sub_field_id, field_id, owner_id, organizer_id, during, rental_cents, payment_id)
             VALUES ($1, $2, $3, $4, $5, $6, tstzrange($7, $8, '[)'), $9, $10) ON CONFLICT (game_id) DO NOTHING`,
            [
              d.gameId,
              d.holdId,
              d.subFieldId,
              d.fieldId,
              d.ownerId,
              d.organizerId,
              d.startDate,
              d.endDate,
              d.rentalCents,
              d.paymentId,
            ],
          );
          keys.add(rooms.user(d.organizerId));
          break;
        }
        case 'BookingCancelled':
          sql('DELETE FROM bookings WHERE game_id = $1', [event.data.gameId]);
          break;
        default:
          continue;
      }
      keys.add(rooms.field(event.data.fieldId));
      keys.add(rooms.owner(event.data.ownerId));
      keys.add(rooms.admin);
    }
    return { statements, changed: keys };
  },
};

import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { MONEY_EVENT_TYPES } from '@playtime/shared/domain/ledger/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

const COLUMN_BY_TYPE = {
  PaymentReceived: 'received_cents',
  RefundIssued: 'refunded_cents',
  // Issue #45: a refund as Playtime credit leaves the receiver as a card refund does.
  RefundedToCredit: 'refunded_cents',
  FeeCharged: 'fee_cents',
} as const;

/**
 * read.ledger_entries and read.balances: every payment, refund and fee as an entry of its receiver,
 * and per receiver the totals the balance is computed from (see readBalanceCents). An entry is keyed
 * by its event id and a total moves only when its entry is new, so re-applying a batch after a crash
 * changes nothing.
 */
export const balancesProjection: WriteOnlyProjection = {
  name: PROJECTIONS.balances,
  version: 1,
  tables: ['ledger_entries', 'balances'],
  handles: MONEY_EVENT_TYPES,
  schemaSql: `
    CREATE TABLE ledger_entries (
      entry_id     text        PRIMARY KEY,
      receiver_id  text        NOT NULL,
      payment_id   text        NOT NULL,
      kind         text        NOT NULL CHECK (kind IN ('payment', 'refund', 'fee')),
      amount_cents bigint      NOT NULL CHECK (amount_cents >= 0),
      recorded_at  timestamptz NOT NULL
    );
    CREATE INDEX ledger_entries_of_receiver ON ledger_entries (receiver_id, recorded_at);
    CREATE INDEX ledger_entries_of_payment ON ledger_entries (payment_id);

    CREATE TABLE balances (
      receiver_id    text   PRIMARY KEY,
      received_cents bigint NOT NULL DEFAULT 0,
      refunded_cents bigint NOT NULL DEFAULT 0,
      fee_cents      bigint NOT NULL DEFAULT 0
    );
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const changed = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, MONEY_EVENT_TYPES)) continue;
      const column = COLUMN_BY_TYPE[event.type];
      const kind = event.type === 'PaymentReceived' ? 'payment' : event.type === 'FeeCharged' ? 'fee' : 'refund';
      statements.push({
        text: `WITH entry AS (
                 INSERT INTO ledger_entries (entry_id, receiver_id, payment_id, kind, amount_cents, recorded_at)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (entry_id) DO NOTHING RETURNING receiver_id, amount_cents
               )
               INSERT INTO balances (receiver_id, ${column}) SELECT receiver_id, amount_cents FROM entry
               ON CONFLICT (receiver_id) DO UPDATE SET ${column} = balances.${column} + EXCLUDED.${column}`,
        values: [
          stored.eventId,
          event.data.receiverId,
          event.data.paymentId,
          kind,
          event.data.amountCents,
          stored.createdAt.toISOString(),
        ],
      });
      changed.add(rooms.user(event.data.receiverId));
    }
    return { statements, changed };
  },
};

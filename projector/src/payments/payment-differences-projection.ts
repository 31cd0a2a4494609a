import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * read.payment_differences: what reconciliation found between the processor's books and the ledger,
 * newest first, for the admin's System tab. One row per finding (its event id).
 */
export const paymentDifferencesProjection: WriteOnlyProjection = {
  name: PROJECTIONS.paymentDifferences,
  version: 1,
  tables: ['payment_differences'],
  handles: ['PaymentDifferenceFound'],
  schemaSql: `
    CREATE TABLE payment_differences (
      difference_id            text        PRIMARY KEY,
      found_at                 timestamptz NOT NULL,
      payment_id               text        NOT NULL,
      receiver_id              text        NOT NULL,
      payer_id                 text        NOT NULL,
      kind                     text        NOT NULL,
      processor_status         text        NOT NULL,
      processor_amount_cents   bigint      NOT NULL,
      processor_refunded_cents bigint      NOT NULL,
      ledger_amount_cents      bigint,
      ledger_refunded_cents    bigint      NOT NULL,
      resolution               text        NOT NULL CHECK (resolution IN ('applied', 'needs_attention'))
    );
    CREATE INDEX payment_differences_newest ON payment_differences (found_at DESC, difference_id);
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    for (const stored of events) {
      const event = parseEvent(stored);
      if (event.type !== 'PaymentDifferenceFound') continue;
      const d = event.data;
      statements.push({
        text: `INSERT INTO payment_differences (difference_id, found_at, payment_id, receiver_id, payer_id, kind, processor_status,
                 processor_amount_cents, processor_refunded_cents, ledger_amount_cents, ledger_refunded_cents, resolution)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (difference_id) DO NOTHING`,
        values: [
          stored.eventId,
          stored.createdAt.toISOString(),
          d.paymentId,
          d.receiverId,
          d.payerId,
          d.kind,
          d.processorStatus,
          d.processorAmountCents,
          d.processorRefundedCents,
          d.ledgerAmountCents,
          d.ledgerRefundedCents,
          d.resolution,
        ],
      });
    }
    return { statements, changed: new Set(statements.length ? [rooms.admin] : []) };
  },
};

import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { CREDIT_EVENT_TYPES } from '@playtime/shared/domain/ledger/credit-events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * read.credit_entries (issue #45): every grant (+) and spend (−) of a user's Playtime credit, keyed by
 * its event id, so re-applying a batch changes nothing. The wallet's balance is their sum.
 */
export const creditProjection: WriteOnlyProjection = {
  name: PROJECTIONS.credit,
  version: 1,
  tables: ['credit_entries'],
  handles: CREDIT_EVENT_TYPES,
  schemaSql: `
    CREATE TABLE credit_entries (
      entry_id     text        PRIMARY KEY,
      user_id      text        NOT NULL,
      amount_cents bigint      NOT NULL,
      reason       text        NOT NULL,
      game_id      text,
      at           timestamptz NOT NULL
    );
    CREATE INDEX credit_entries_of_user ON credit_entries (user_id, at DESC);
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const changed = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, CREDIT_EVENT_TYPES)) continue;
      const granted = event.type === 'CreditGranted';
      statements.push({
        text: `INSERT INTO credit_entries (entry_id, user_id, amount_cents, reason, game_id, at)
               VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (entry_id) DO NOTHING`,
        values: [
          stored.eventId,
          event.data.userId,
          granted ? event.data.amountCents : -event.data.amountCents,
          granted ? event.data.reason : 'spent',
          event.data.gameId,
          event.data.at,
        ],
      });
      changed.add(rooms.user(event.data.userId));
    }
    return { statements, changed };
  },
};

import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import type { GamePaymentState } from '@playtime/shared/contract/credit';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

const HANDLED = ['GameScheduled', 'PlayerJoined', 'PlayerLeft', 'EntryCredited', 'PlayerRemoved', 'GameCancelled'];

/** A payment's state moved to `state`, for one payment of a game. */
const paymentState = (gameId: string, paymentId: string, state: GamePaymentState): SqlStatement => ({
  text: 'UPDATE game_payments SET state = $3 WHERE game_id = $1 AND payment_id = $2',
  values: [gameId, paymentId, state],
});

/**
 * read.game_payments (issue #45, who has paid): each member's entry payment in a game, with its guests,
 * amount and state, for the organizer's table. A held authorization ('authorized') is released when its
 * player leaves or the game is cancelled; a charged entry is refunded, credited, or kept by a late leave.
 * `guests` and `held` come from the join when it carries them (0 and false before).
 */
export const gamePaymentsProjection: WriteOnlyProjection = {
  name: PROJECTIONS.gamePayments,
  version: 1,
  tables: ['game_payment_games', 'game_payments'],
  handles: HANDLED,
  schemaSql: `
    CREATE TABLE game_payment_games (
      game_id                 text        PRIMARY KEY,
      organizer_id            text        NOT NULL,
      price_cents             bigint      NOT NULL,
      start_date              timestamptz NOT NULL,
      free_cancellation_hours integer
    );
    CREATE TABLE game_payments (
      game_id      text        NOT NULL,
      payment_id   text        NOT NULL,
      user_id      text        NOT NULL,
      username     text        NOT NULL,
      guests       integer     NOT NULL DEFAULT 0,
      amount_cents bigint      NOT NULL,
      state        text        NOT NULL,
      joined_at    timestamptz NOT NULL,
      PRIMARY KEY (game_id, payment_id)
    );
    CREATE INDEX game_payments_of_user ON game_payments (game_id, user_id);
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const changed = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      switch (event.type) {
        case 'GameScheduled':
          statements.push({
            text: `INSERT INTO game_payment_games (game_id, organizer_id, price_cents, start_date, free_cancellation_hours)
                   VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING`,
            values: [
              event.data.gameId,
              event.data.organizerId,
              event.data.priceCents,
              event.data.startDate,
              event.data.freeCancellationHours ?? null,
            ],
          });
          continue;
        case 'PlayerJoined': {
          const { gameId, playerId, username, paymentId, at } = event.data;
          if (paymentId === null) continue;
          // Fields other parts of issue #45 add to the join; absent before them.
          const extra = event.data as { guests?: number; held?: boolean };
          const guests = extra.guests ?? 0;
          const state: GamePaymentState = extra.held ? 'authorized' : 'paid';
          // A rejoin with the kept entry makes it paid again; a new payment is a new row.
          statements.push({
            text: `INSERT INTO game_payments (game_id, payment_id, user_id, username, guests, amount_cents, state, joined_at)
                   SELECT $1, $2, $3, $4, $5, price_cents * (1 + $5), $6, $7 FROM game_payment_games WHERE game_id = $1
                   ON CONFLICT (game_id, payment_id) DO UPDATE SET state = EXCLUDED.state
                   WHERE game_payments.state = 'kept'`,
            values: [gameId, paymentId, playerId, username, guests, state, at],
          });
          break;
        }
        case 'PlayerLeft': {
          const { gameId, playerId, refund } = event.data;
          if (refund)
            statements.push(paymentState(gameId, refund.paymentId, refund.to === 'credit' ? 'credited' : 'refunded'));
          else
            statements.push({
              text: `UPDATE game_payments SET state = CASE state WHEN 'authorized' THEN 'released' ELSE 'kept' END
                     WHERE game_id = $1 AND user_id = $2 AND state IN ('paid', 'authorized')`,
              values: [gameId, playerId],
            });
          break;
        }
        case 'EntryCredited':
          statements.push(paymentState(event.data.gameId, event.data.paymentId, 'credited'));
          break;
        case 'PlayerRemoved':
          if (!event.data.refundedPaymentId) continue;
          statements.push(paymentState(event.data.gameId, event.data.refundedPaymentId, 'refunded'));
          break;
        case 'GameCancelled':
          for (const entry of event.data.entryRefunds)
            statements.push({
              text: `UPDATE game_payments SET state = CASE state WHEN 'authorized' THEN 'released' ELSE 'refunded' END
                     WHERE game_id = $1 AND payment_id = $2`,
              values: [event.data.gameId, entry.paymentId],
            });
          break;
        default:
          continue;
      }
      // Only the organizer's table reads this model: its public game room never hears of it.
      changed.add(rooms.payments(event.data.gameId));
    }
    return { statements, changed };
  },
};

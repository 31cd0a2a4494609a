import { Router } from 'express';
import type pg from 'pg';
import {
  adminUserQuery,
  LEDGER_ENTRIES_LISTED,
  type ReceiverLedger,
  type UserDeletionPreview,
} from '@playtime/shared/contract/users';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { readBalanceCents } from '../payments/read-balance';

const NO_SUCH_USER = 'There is no user with this id.';

/**
 * What an account's deletion withdraws, as the account-withdrawal job will find it: the fields it
 * owns, and the games not yet ended or cancelled that it organizes or that are played on its fields,
 * with what their cancellation refunds (each paid entry at the game's price, each paid rental in full).
 */
const DELETION_PREVIEW_SQL = `
  WITH affected AS (
    SELECT g.game_id, g.price_cents
      FROM read.games g
     WHERE g.status = 'scheduled' AND g.end_date > now()
       AND (g.organizer_id = $1 OR g.field_id IN (SELECT field_id FROM read.fields WHERE owner_id = $1))
  )
  SELECT (SELECT count(*) FROM read.fields WHERE owner_id = $1 AND NOT deleted AND NOT withdrawn)::int AS fields,
         (SELECT count(*) FROM affected)::int AS games,
         ((SELECT coalesce(sum(b.rental_cents), 0) FROM affected a JOIN read.bookings b ON b.game_id = a.game_id WHERE b.payment_id IS NOT NULL)
          -- Every entry still held is refunded, a player's who left included (DESIGN §8).
          + (SELECT coalesce(sum(a.price_cents), 0) FROM affected a JOIN read.game_entries e ON e.game_id = a.game_id WHERE NOT e.refunded))::bigint AS refund_cents`;

/**
 * The other upcoming games the account plays in, waits for or holds an entry of (a leaver's), which its
 * deletion takes it out of with that entry refunded (issue #41), as the withdrawal job will find them.
 */
const GAMES_LEFT_SQL = `
  SELECT g.game_id AS "gameId", g.name, g.start_date AS "startDate",
         CASE WHEN EXISTS (SELECT FROM read.game_entries e WHERE e.game_id = g.game_id AND e.player_id = $1 AND NOT e.refunded)
              THEN g.price_cents::int ELSE 0 END AS "refundCents"
    FROM read.games g
   WHERE g.status = 'scheduled' AND g.end_date > now()
     AND g.organizer_id <> $1
     AND g.field_id NOT IN (SELECT field_id FROM read.fields WHERE owner_id = $1)
     AND (EXISTS (SELECT FROM read.game_participants p WHERE p.game_id = g.game_id AND p.player_id = $1)
       OR EXISTS (SELECT FROM read.game_waitlist w WHERE w.game_id = g.game_id AND w.player_id = $1)
       OR EXISTS (SELECT FROM read.game_entries e WHERE e.game_id = g.game_id AND e.player_id = $1 AND NOT e.refunded))
   ORDER BY g.start_date, g.game_id`;

/** Admin queries about one account: what deleting it will do, and its ledger (which a deletion keeps). */
export function adminAccountQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin']);

  const accountOf = async (userId: string) => {
    const { rows } = await deps.pool.query<{ deleted: boolean }>('SELECT deleted FROM read.users WHERE user_id = $1', [
      userId,
    ]);
    return rows[0];
  };

  router.get('/api/admin/user-deletion-preview', admin, async (req, res) => {
    const { userId } = parseBody(adminUserQuery, req.query);
    const account = await accountOf(userId);
    if (!account) throw new ApiError(404, 'user_not_found', NO_SUCH_USER);
    if (account.deleted) throw new ApiError(409, 'user_deleted', 'This account has been deleted already.');
    const [{ rows }, left] = await Promise.all([
      deps.pool.query<{ fields: number; games: number; refund_cents: string }>(DELETION_PREVIEW_SQL, [userId]),
      deps.pool.query<{ gameId: string; name: string; startDate: Date; refundCents: number }>(GAMES_LEFT_SQL, [userId]),
    ]);
    const row = rows[0]!;
    const gamesLeft = left.rows.map((game) => ({ ...game, startDate: game.startDate.toISOString() }));
    const preview: UserDeletionPreview = {
      userId,
      fields: row.fields,
      upcomingGames: row.games,
      refundCents: Number(row.refund_cents) + gamesLeft.reduce((sum, game) => sum + game.refundCents, 0),
      gamesLeft,
    };
    res.json(preview);
  });

  router.get('/api/admin/ledger', admin, async (req, res) => {
    const { userId } = parseBody(adminUserQuery, req.query);
    const account = await accountOf(userId);
    const [balance, entries] = await Promise.all([
      readBalanceCents(deps.pool, userId),
      deps.pool.query<{ paymentId: string; kind: 'payment' | 'refund' | 'fee'; amountCents: string; recordedAt: Date }>(
        `SELECT payment_id AS "paymentId", kind, amount_cents AS "amountCents", recorded_at AS "recordedAt"
           FROM read.ledger_entries WHERE receiver_id = $1 ORDER BY recorded_at DESC, entry_id LIMIT ${LEDGER_ENTRIES_LISTED}`,
        [userId],
      ),
    ]);
    if (!account && entries.rows.length === 0) throw new ApiError(404, 'user_not_found', NO_SUCH_USER);
    const ledger: ReceiverLedger = {
      userId,
      deleted: account?.deleted ?? false,
      balanceCents: balance,
      entries: entries.rows.map((entry) => ({
        ...entry,
        amountCents: Number(entry.amountCents),
        recordedAt: entry.recordedAt.toISOString(),
      })),
    };
    res.json(ledger);
  });

  return router;
}

import { Router } from 'express';
import type pg from 'pg';
import {
  GAME_PAYMENTS_FORBIDDEN,
  freeCancellationRule,
  leaveRule,
  type LeaveTerms,
  gameQuery,
  type CreditReason,
  type GamePaymentState,
  type GamePaymentsAnswer,
  type WalletAnswer,
} from '@playtime/shared/contract/credit';
import { NO_SUCH_GAME } from '@playtime/shared/contract/games';
import { freeCancellationEnd } from '@playtime/shared/domain/games/policies/late-cancellation';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { gamePaymentsAccess } from './game-payments-access';

/** How many of a wallet's entries the profile lists (the balance counts every one). */
const WALLET_ENTRIES_LISTED = 50;

type CreditRow = ReadModelRow<
  'credit_entries',
  { at: Date; amount_cents: string; reason: string; game_id: string | null }
>;
type PaymentRow = ReadModelRow<
  'game_payments',
  { user_id: string; username: string; guests: number; amount_cents: string; state: string }
>;

/**
 * Issue #45: the signed-in user's Playtime credit (GET /api/wallet), and who has paid for a game
 * (GET /api/game-payments), to its organizer and admins only.
 */
export function creditQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.get('/api/wallet', signedIn, async (req, res) => {
    const userId = req.user!.userId;
    // One statement, so the balance and the entries come from the same moment of the read model: two
    // queries on two connections could show a grant in the list that the balance does not count yet.
    // The sum over every entry is taken before the LIMIT keeps the newest.
    const listed = await deps.pool.query<CreditRow & { balance: string }>(
      `SELECT at, amount_cents, reason, game_id, sum(amount_cents) OVER () AS balance
         FROM read.credit_entries WHERE user_id = $1
        ORDER BY at DESC, entry_id LIMIT ${WALLET_ENTRIES_LISTED}`,
      [userId],
    );
    const answer: WalletAnswer = {
      balanceCents: Number(listed.rows[0]?.balance ?? 0),
      entries: listed.rows.map((row) => ({
        at: row.at.toISOString(),
        amountCents: Number(row.amount_cents),
        reason: row.reason as CreditReason,
        gameId: row.game_id,
      })),
    };
    res.json(answer);
  });

  router.get('/api/leave-terms', signedIn, async (req, res) => {
    const { gameId } = parseBody(gameQuery, req.query);
    const { rows } = await deps.pool.query<
      ReadModelRow<'game_payment_games', { start_date: Date; free_cancellation_hours: number | null }> &
        ReadModelRow<'game_payments', { amount_cents: string | null; state: string | null }>
    >(
      `SELECT g.start_date, g.free_cancellation_hours, p.amount_cents, p.state
         FROM read.game_payment_games g
         LEFT JOIN read.game_payments p
           ON p.game_id = g.game_id AND p.user_id = $2 AND p.state IN ('paid', 'authorized', 'kept')
        WHERE g.game_id = $1 ORDER BY p.joined_at DESC NULLS LAST LIMIT 1`,
      [gameId, req.user!.userId],
    );
    const game = rows[0];
    if (!game) throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
    const hours = game.free_cancellation_hours;
    const freeUntil = freeCancellationEnd(game.start_date.getTime(), hours);
    const free = freeUntil !== null && Date.now() <= freeUntil;
    const held = game.state === 'authorized';
    const amountCents = Number(game.amount_cents ?? 0);
    const answer: LeaveTerms = {
      free,
      held,
      amountCents,
      gameRule: freeCancellationRule(hours),
      rule: leaveRule({ free, held, amountCents }),
    };
    res.json(answer);
  });

  router.get('/api/game-payments', signedIn, async (req, res) => {
    const { gameId } = parseBody(gameQuery, req.query);
    const access = await gamePaymentsAccess(deps.pool, gameId, req.user!);
    if (access === 'no_game') throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
    if (access === 'not_organizer') throw new ApiError(403, 'not_organizer', GAME_PAYMENTS_FORBIDDEN);
    const { rows } = await deps.pool.query<PaymentRow>(
      `SELECT user_id, username, guests, amount_cents, state FROM read.game_payments
        WHERE game_id = $1 ORDER BY joined_at, payment_id`,
      [gameId],
    );
    const answer: GamePaymentsAnswer = {
      items: rows.map((row) => ({
        userId: row.user_id,
        username: row.username,
        guests: row.guests,
        amountCents: Number(row.amount_cents),
        state: row.state as GamePaymentState,
      })),
    };
    res.json(answer);
  });

  return router;
}

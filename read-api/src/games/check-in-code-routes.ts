import { Router } from 'express';
import type pg from 'pg';
import {
  CHECK_IN_CLOSED,
  CHECK_IN_NOT_OPEN,
  checkInCodeQuery,
  ONLY_ORGANIZER_SEES_CODE,
  type CheckInCode,
} from '@playtime/shared/contract/attendance';
import { NO_SUCH_GAME } from '@playtime/shared/contract/games';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import {
  checkInQrText,
  checkInTimesOf,
  checkInWindowAt,
  checkInWindowEnd,
} from '@playtime/shared/domain/games/attendance-rules';
import { GAME_CANCELLED } from '@playtime/shared/domain/games/messages';
import { checkInSignerOf } from '@playtime/shared/game-loop/check-in/check-in-codes';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';

type GameRow = ReadModelRow<'games', { organizer_id: string; start_date: Date; end_date: Date; status: string }>;

/**
 * Issue #44: the organizer's (or an admin's) check-in code of the current 30-second window, from 30
 * minutes before the start until the end. Signed, never stored: the command API takes it back by
 * signing the same window with the same secret.
 */
export function checkInCodeRoutes(deps: {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  publicUrl: string;
  checkInSecret: string;
}): Router {
  const router = Router();
  router.get('/api/check-in-code', requireUser(deps.resolveUser), async (req, res) => {
    const { gameId } = parseBody(checkInCodeQuery, req.query);
    const { rows } = await deps.pool.query<GameRow>(
      'SELECT organizer_id, start_date, end_date, status FROM read.games WHERE game_id = $1',
      [gameId],
    );
    const game = rows[0];
    if (!game) throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
    const user = req.user!;
    if (user.userId !== game.organizer_id && user.role !== 'admin')
      throw new ApiError(403, 'not_organizer', ONLY_ORGANIZER_SEES_CODE);
    if (game.status === 'cancelled') throw new ApiError(409, 'game_cancelled', GAME_CANCELLED);
    const now = Date.now();
    const times = checkInTimesOf(game.start_date.getTime(), game.end_date.getTime());
    if (now < times.opensAt) throw new ApiError(409, 'check_in_not_open', CHECK_IN_NOT_OPEN);
    if (now >= times.closesAt) throw new ApiError(409, 'check_in_closed', CHECK_IN_CLOSED);
    const window = checkInWindowAt(now);
    const code = checkInSignerOf(deps.checkInSecret, gameId)(window);
    const answer: CheckInCode = {
      code,
      qrText: checkInQrText(deps.publicUrl, gameId, code, window),
      expiresAt: new Date(checkInWindowEnd(window)).toISOString(),
    };
    // A code is for now only: no cache keeps it past its window.
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });
  return router;
}

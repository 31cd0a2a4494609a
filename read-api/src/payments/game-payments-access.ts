import type pg from 'pg';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';

/**
 * Who may see a game's entry payments (issue #45's 'Who has paid'): its organizer and admins. What
 * GET /api/game-payments and the game's payments room (rooms.payments) are both checked with.
 */
export async function gamePaymentsAccess(
  db: Pick<pg.Pool, 'query'>,
  gameId: string,
  user: Pick<CurrentUser, 'userId' | 'role'>,
): Promise<'allowed' | 'no_game' | 'not_organizer'> {
  const { rows } = await db.query<ReadModelRow<'game_payment_games', { organizer_id: string }>>(
    'SELECT organizer_id FROM read.game_payment_games WHERE game_id = $1',
    [gameId],
  );
  const game = rows[0];
  if (!game) return 'no_game';
  return user.userId === game.organizer_id || user.role === 'admin' ? 'allowed' : 'not_organizer';
}

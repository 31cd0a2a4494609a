import type pg from 'pg';
import type { ChatAccess } from '@playtime/shared/domain/chat/policies/access';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';

/**
 * Who a user is to a game's chat, as the read models say (the same rule as the write side's
 * chatAccessOf, over the games projection): what the chat's reads and its realtime room are checked with.
 */
export async function chatAccessInReadModel(
  db: Pick<pg.Pool, 'query'>,
  gameId: string,
  user: Pick<CurrentUser, 'userId' | 'role'> | null,
): Promise<ChatAccess> {
  if (!user) return 'none';
  if (user.role === 'admin') return 'admin';
  const { rows } = await db.query<{ organizer: boolean; member: boolean; waiting: boolean }>(
    `SELECT g.organizer_id = $2 AS organizer,
            EXISTS (SELECT FROM read.game_participants p WHERE p.game_id = g.game_id AND p.player_id = $2) AS member,
            EXISTS (SELECT FROM read.game_waitlist w WHERE w.game_id = g.game_id AND w.player_id = $2) AS waiting
       FROM read.games g WHERE g.game_id = $1`,
    [gameId, user.userId],
  );
  const row = rows[0];
  if (!row) return 'none';
  if (row.organizer) return 'organizer';
  if (row.member) return 'member';
  return row.waiting ? 'reader' : 'none';
}

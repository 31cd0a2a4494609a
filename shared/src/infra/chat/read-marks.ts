/**
 * How far each person has read each game's chat (issue #46): their own doing, not the log's, so it lives
 * beside the chat read model (projector/src/chat), which a rebuild replaces, like the notifications'
 * reads (DESIGN §9). Unread counts only others' messages that are not deleted, in the chats the person
 * may read: as a player, on the waitlist or as the organizer (an admin counts only games they are in).
 */
import { UNREAD_FOLLOWED_CHATS, type UnreadGameMessages } from '../../contract/chat-texts';
import type { Migration } from '../db/migrations';
import type { Queryable } from '../db/pool';

export const chatMigrations: Migration[] = [
  {
    version: 1,
    name: 'chat read marks',
    sql: `
      -- Read up to this message's log position (read.chat_messages.position).
      CREATE TABLE chat_reads (
        user_id        text        NOT NULL,
        game_id        text        NOT NULL,
        up_to_position bigint      NOT NULL,
        read_at        timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, game_id)
      );
    `,
  },
];

/** The caller has read the game's chat up to its newest message (never back: a late request keeps the later mark). */
export async function markChatRead(db: Queryable, userId: string, gameId: string): Promise<void> {
  await db.query(
    `INSERT INTO chat_reads (user_id, game_id, up_to_position)
     SELECT $1, $2, coalesce(max(position), 0) FROM read.chat_messages WHERE game_id = $2
     ON CONFLICT (user_id, game_id) DO UPDATE
       SET up_to_position = greatest(chat_reads.up_to_position, EXCLUDED.up_to_position), read_at = now()`,
    [userId, gameId],
  );
}

/** The games whose chat the user may read because they are in them (not merely an admin). */
const GAMES_OF_USER = `
  SELECT game_id FROM read.games WHERE organizer_id = $1
  UNION SELECT game_id FROM read.game_participants WHERE player_id = $1
  UNION SELECT game_id FROM read.game_waitlist WHERE player_id = $1`;

export async function unreadChatMessages(db: Queryable, userId: string): Promise<UnreadGameMessages> {
  const { rows } = await db.query<{ game_id: string; name: string; unread: string }>(
    `SELECT m.game_id, g.name, count(*) AS unread
       FROM read.chat_messages m
       JOIN read.games g ON g.game_id = m.game_id
       LEFT JOIN chat_reads r ON r.user_id = $1 AND r.game_id = m.game_id
      WHERE m.game_id IN (${GAMES_OF_USER})
        AND m.author_id <> $1 AND NOT m.deleted
        AND m.position > coalesce(r.up_to_position, 0)
      GROUP BY m.game_id, g.name
      ORDER BY max(m.position) DESC`,
    [userId],
  );
  const games = rows.map((row) => ({ gameId: row.game_id, gameName: row.name, unread: Number(row.unread) }));
  // Games that are over say nothing new: their chats rest, and the header follows only those to come.
  const { rows: followed } = await db.query<{ game_id: string }>(
    `SELECT game_id FROM read.games
      WHERE game_id IN (${GAMES_OF_USER}) AND end_date > now()
      ORDER BY start_date LIMIT $2`,
    [userId, UNREAD_FOLLOWED_CHATS],
  );
  return {
    games,
    total: games.reduce((sum, game) => sum + game.unread, 0),
    followed: followed.map((row) => row.game_id),
  };
}

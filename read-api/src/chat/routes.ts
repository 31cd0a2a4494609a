import { Router, type Response } from 'express';
import type pg from 'pg';
import {
  CHAT_READ_NOT_ALLOWED,
  GAME_MESSAGES_PATH,
  UNREAD_GAME_MESSAGES_PATH,
  gameMessagesQuery,
  type GameMessage,
  type GameMessagePage,
  type UnreadGameMessages,
} from '@playtime/shared/contract/chat';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import { mayReadChat } from '@playtime/shared/domain/chat/policies/access';
import { unreadChatMessages } from '@playtime/shared/infra/chat/read-marks';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { chatAccessInReadModel } from './chat-access';

type MessageRow = ReadModelRow<
  'chat_messages',
  {
    message_id: string;
    author_id: string;
    author_username: string;
    text: string;
    sent_at: Date;
    announcement: boolean;
    deleted: boolean;
  }
>;

const COLUMNS = 'message_id, author_id, author_username, text, sent_at, announcement, deleted';

const messageOf = (row: MessageRow): GameMessage => ({
  messageId: row.message_id,
  userId: row.author_id,
  username: row.author_username,
  text: row.deleted ? '' : row.text,
  sentAt: row.sent_at.toISOString(),
  deleted: row.deleted,
  announcement: row.announcement,
});

/** Issue #46: a game's chat, page by page, for those who may read it; and the caller's unread counts. */
export function chatQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.get(GAME_MESSAGES_PATH, signedIn, async (req, res: Response<GameMessagePage>) => {
    const { gameId, before, limit } = parseBody(gameMessagesQuery, req.query);
    const access = await chatAccessInReadModel(deps.pool, gameId, req.user!);
    if (!mayReadChat(access)) throw new ApiError(403, 'not_a_member', CHAT_READ_NOT_ALLOWED);
    // One more than the page, to know whether there is an earlier one.
    const { rows } = await deps.pool.query<MessageRow>(
      `SELECT ${COLUMNS} FROM read.chat_messages
        WHERE game_id = $1
          AND ($2::text IS NULL OR position < (SELECT position FROM read.chat_messages WHERE message_id = $2 AND game_id = $1))
        ORDER BY position DESC LIMIT $3`,
      [gameId, before ?? null, limit + 1],
    );
    const { rows: pinned } = await deps.pool.query<MessageRow>(
      `SELECT ${COLUMNS} FROM read.chat_messages
        WHERE game_id = $1 AND announcement AND NOT deleted ORDER BY position DESC LIMIT 1`,
      [gameId],
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      items: rows.slice(0, limit).reverse().map(messageOf),
      hasEarlier: rows.length > limit,
      pinned: pinned[0] ? messageOf(pinned[0]) : null,
    });
  });

  router.get(UNREAD_GAME_MESSAGES_PATH, signedIn, async (req, res: Response<UnreadGameMessages>) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await unreadChatMessages(deps.pool, req.user!.userId));
  });

  return router;
}

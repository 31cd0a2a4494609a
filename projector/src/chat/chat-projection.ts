import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { CHAT_EVENT_TYPES } from '@playtime/shared/domain/chat/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { WriteOnlyProjection, SqlStatement } from '../runtime/projection';

/**
 * read.chat_messages (issue #46): every game's chat, in the log's order (`position`, the event's global
 * position, is what pages go back by). A deleted message keeps its row, without its text. Each batch
 * announces the chats it changed to their rooms, which only those who may read the chat follow; the
 * announcement carries no text, so a socket that lost access since learns nothing but that it changed.
 */
export const chatProjection: WriteOnlyProjection = {
  name: PROJECTIONS.chat,
  version: 1,
  tables: ['chat_messages'],
  handles: CHAT_EVENT_TYPES,
  schemaSql: `
    CREATE TABLE chat_messages (
      message_id      text        PRIMARY KEY,
      game_id         text        NOT NULL,
      position        bigint      NOT NULL,
      author_id       text        NOT NULL,
      author_username text        NOT NULL,
      text            text        NOT NULL,
      sent_at         timestamptz NOT NULL,
      announcement    boolean     NOT NULL,
      deleted         boolean     NOT NULL DEFAULT false
    );
    CREATE INDEX chat_messages_of_game ON chat_messages (game_id, position DESC);
    CREATE INDEX chat_announcements_of_game ON chat_messages (game_id, position DESC) WHERE announcement AND NOT deleted;
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const changed = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      switch (event.type) {
        case 'GameMessageSent': {
          const d = event.data;
          statements.push({
            text: `INSERT INTO chat_messages (message_id, game_id, position, author_id, author_username, text, sent_at, announcement)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (message_id) DO NOTHING`,
            values: [
              d.messageId,
              d.gameId,
              stored.globalPosition,
              d.authorId,
              d.authorUsername,
              d.text,
              d.sentAt,
              d.announcement,
            ],
          });
          changed.add(rooms.chat(d.gameId));
          break;
        }
        case 'GameMessageDeleted':
          // The text leaves the read model with the deletion: no reader can ask for it again.
          statements.push({
            text: `UPDATE chat_messages SET deleted = true, text = '' WHERE message_id = $1`,
            values: [event.data.messageId],
          });
          changed.add(rooms.chat(event.data.gameId));
          break;
        default:
          break;
      }
    }
    return { statements, changed };
  },
};

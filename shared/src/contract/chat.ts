import { z } from 'zod';
import { CHAT_PAGE, CHAT_TEXTS, CHAT_TEXT_MAX_LENGTH } from './chat-texts';
import { pageSizeSchema } from './paging';
import { requiredId, storableText } from './text';

/** Issue #46: the chat's calls' schemas. Who may do what, texts, limits and answers: chat-texts.ts, re-exported here. */
export * from './chat-texts';

const messageText = storableText('text', CHAT_TEXTS.emptyText)
  .refine((text) => text.trim().length > 0, CHAT_TEXTS.emptyText)
  .refine((text) => [...text].length <= CHAT_TEXT_MAX_LENGTH, CHAT_TEXTS.tooLong);

/** POST /api/send-game-message: 1–500 characters (as typed, line breaks kept); `announcement` for the organizer. */
export const sendGameMessageBody = z.object({
  gameId: requiredId('gameId'),
  text: messageText,
  announcement: z.boolean({ message: 'announcement must be true or false' }).default(false),
});

/** GET /api/game-messages?gameId&before&limit. */
export const gameMessagesQuery = z.object({
  gameId: requiredId('gameId'),
  before: requiredId('before').optional(),
  limit: pageSizeSchema(CHAT_PAGE),
});

/** POST /api/delete-game-message. */
export const deleteGameMessageBody = z.object({ messageId: requiredId('messageId') });

/** POST /api/mark-game-messages-read. */
export const markGameMessagesReadBody = z.object({ gameId: requiredId('gameId') });

import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
export { chatStream } from './streams';

/** What is said in a game's chat (issue #46). Stream: `chat-{gameId}`. */

const instant = z.iso.datetime({ offset: true });

const mention = z.object({ userId: z.string(), username: z.string() });

export const GameMessageSent = eventSchema(
  'GameMessageSent',
  z.object({
    gameId: z.string(),
    messageId: z.string(),
    authorId: z.string(),
    authorUsername: z.string(),
    text: z.string(),
    sentAt: instant,
    /** The organizer's (or an admin's) announcement: pinned at the top of the chat until deleted or replaced. */
    announcement: z.boolean(),
    /** The game's people the text names with '@username', each told once (the author never). */
    mentions: z.array(mention),
  }),
);

export const GameMessageDeleted = eventSchema(
  'GameMessageDeleted',
  z.object({ gameId: z.string(), messageId: z.string(), deletedBy: z.string(), at: instant }),
);

export const CHAT_EVENTS = [GameMessageSent, GameMessageDeleted] as const;

export const CHAT_EVENT_TYPES = typesOf(CHAT_EVENTS);

export type ChatEvent = EventsOf<typeof CHAT_EVENTS>;

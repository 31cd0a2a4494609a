/**
 * Issue #46: a chat for each game — its paths, limits, texts, rooms and answer shapes, without the
 * schema library (the game page shows the chat; the calls' schemas are in chat.ts, which re-exports
 * all of this).
 *
 * Who may do what (one rule, shared/src/domain/chat/policies/access.ts):
 * - the game's players (on a team or the sideline, which is the line for team spots), its organizer
 *   and admins read the chat, write in it and receive it live;
 * - people on the waitlist read it and receive it live, but may not write (they are not members yet):
 *   sending answers them 403;
 * - anyone else (an anonymous follower of the public game page included) gets 403 for reading,
 *   sending and deleting, and may not follow the chat's realtime room;
 * - a message is deleted by its author, the organizer or an admin, and then shows as 'Message deleted';
 * - the organizer (or an admin) may send a message as an announcement (`announcement: true`): the
 *   newest announcement not deleted is pinned at the top of the chat.
 */
export {
  CHAT_ANNOUNCEMENT_ORGANIZER_ONLY,
  CHAT_DELETE_NOT_ALLOWED,
  CHAT_NO_GAME,
  CHAT_NO_MESSAGE,
  CHAT_NOT_A_MEMBER,
  CHAT_READ_NOT_ALLOWED,
} from '../domain/chat/messages';

export const SEND_GAME_MESSAGE_PATH = '/api/send-game-message';
export const GAME_MESSAGES_PATH = '/api/game-messages';
export const DELETE_GAME_MESSAGE_PATH = '/api/delete-game-message';
/** Marks the chat read up to its newest message for the caller: what the unread counts count from. */
export const MARK_GAME_MESSAGES_READ_PATH = '/api/mark-game-messages-read';
/** GET: the caller's unread chat messages by game (the game cards and the bell). */
export const UNREAD_GAME_MESSAGES_PATH = '/api/unread-game-messages';

export const CHAT_TEXT_MAX_LENGTH = 500;
/** How many messages one person may send a minute, over every game; then 429 with Retry-After. */
export const CHAT_MESSAGES_PER_MINUTE = 10;
export const CHAT_PAGE = { name: 'limit', fallback: 30, max: 100 } as const;

export const CHAT_TEXTS = {
  title: 'Chat',
  deleted: 'Message deleted',
  pinned: 'Announcement',
  empty: 'No messages yet. Say hello to your teammates.',
  placeholder: 'Write a message…',
  send: 'Send',
  asAnnouncement: 'Post as announcement (pinned at the top)',
  delete: 'Delete message',
  earlier: 'Load earlier messages',
  readOnly: 'You are on the waitlist: you can read the chat, and write once you join the game.',
  unread: (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`,
  /** The bell's line for one game's chat. */
  unreadIn: (count: number, gameName: string) =>
    `${count} unread chat ${count === 1 ? 'message' : 'messages'} in ${gameName}`,
  tooFast: (seconds: number) =>
    `You sent ${CHAT_MESSAGES_PER_MINUTE} messages in the last minute. Wait ${seconds} s before sending another.`,
  tooLong: `A message is at most ${CHAT_TEXT_MAX_LENGTH} characters.`,
  emptyText: 'Write something before sending.',
} as const;

/** One message as the chat shows it. A deleted one keeps its place, author and time; its text is gone (''). */
export interface GameMessage {
  messageId: string;
  userId: string;
  username: string;
  /** Exactly as typed: pages show it as text, never as HTML. */
  text: string;
  sentAt: string;
  deleted: boolean;
  announcement: boolean;
}

/**
 * GET /api/game-messages?gameId&before&limit: up to `limit` messages before the message `before`
 * (the newest when absent), oldest first, so the newest is at the bottom; `hasEarlier` says whether
 * another page lies before them. `pinned` is the newest announcement not deleted.
 */
export interface GameMessagePage {
  items: GameMessage[];
  hasEarlier: boolean;
  pinned: GameMessage | null;
}

/** GET /api/unread-game-messages: the caller's unread messages in the chats they may read (others' messages only). */
export interface UnreadGameMessages {
  games: Array<{ gameId: string; gameName: string; unread: number }>;
  total: number;
  /**
   * The games whose chats count here and are still to come or under way (at most
   * UNREAD_FOLLOWED_CHATS, the soonest first): the header follows their chat rooms, so a message
   * sent in any of them changes the counts while a page is open.
   */
  followed: string[];
}

/** How many chat rooms the header follows for the unread counts: a connection follows few rooms. */
export const UNREAD_FOLLOWED_CHATS = 20;

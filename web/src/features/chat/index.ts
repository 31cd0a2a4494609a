/**
 * The chat feature's public surface (issue #46): a game's chat, loaded when a game page shows it, and
 * the caller's unread counts for the game cards and the header.
 */
export const loadGameChat = () => import('./game-chat');
export { chatKeys, useUnreadGameMessages } from './api/chat';
export { LiveUnreadCounts } from './live-unread-counts';
export type { GameChatProps } from './game-chat-props';

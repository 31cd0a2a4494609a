/**
 * A game's chat is its own stream (DESIGN §9), beside the game's: a busy chat never queues the
 * roster's decisions behind its messages. Apart from the schemas, so a page can name it cheaply.
 */
export const chatStream = (gameId: string) => `chat-${gameId}`;

/**
 * A message's id names its game, so `POST /api/delete-game-message {messageId}` finds the stream it
 * writes from the command alone (the write side never asks a read model where a message is).
 */
export const MESSAGE_ID_SEPARATOR = '.';

export const messageIdOf = (gameId: string, uniqueId: string) => `${gameId}${MESSAGE_ID_SEPARATOR}${uniqueId}`;

/** The game a message id names, or null for an id no chat made. */
export function gameIdOfMessage(messageId: string): string | null {
  const at = messageId.lastIndexOf(MESSAGE_ID_SEPARATOR);
  return at > 0 && at < messageId.length - 1 ? messageId.slice(0, at) : null;
}

import type { GameState } from '../../games/state';

/**
 * Who a person is to a game's chat (issue #46), one rule for the write side, the read side and the
 * realtime room:
 * - 'organizer', 'admin' and 'member' (a player on a team or the sideline, which is also the line for
 *   team spots) read, write and hear it live;
 * - 'reader' (on the waitlist) reads it and hears it live, but does not write: they are not members
 *   yet, and the issue gives everyone who is not a member a 403 on sending;
 * - 'none' gets a 403 on all of it.
 */
export type ChatAccess = 'organizer' | 'admin' | 'member' | 'reader' | 'none';

export const mayWriteChat = (access: ChatAccess) => access === 'organizer' || access === 'admin' || access === 'member';

export const mayReadChat = (access: ChatAccess) => access !== 'none';

/** Who `userId` is to the chat of the game in `game` (a game's stream, as the write side folds it). */
export function chatAccessOf(game: GameState, userId: string, isAdmin: boolean): ChatAccess {
  if (isAdmin) return 'admin';
  if (game.status === 'none') return 'none';
  if (game.details.organizerId === userId) return 'organizer';
  if (game.participants.some((participant) => participant.playerId === userId)) return 'member';
  if (game.waitlist.some((waiting) => waiting.playerId === userId)) return 'reader';
  return 'none';
}

/** The people a chat's '@username' may name: the organizer and the players. */
export function chatPeopleOf(game: GameState): Array<{ userId: string; username: string }> {
  if (game.status === 'none') return [];
  const people = [{ userId: game.details.organizerId, username: game.details.organizerUsername }];
  for (const participant of game.participants)
    if (participant.playerId !== game.details.organizerId)
      people.push({ userId: participant.playerId, username: participant.username });
  return people;
}

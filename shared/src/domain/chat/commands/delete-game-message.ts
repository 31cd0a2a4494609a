import { DomainError } from '../../decider';
import { CHAT_DELETE_NOT_ALLOWED, CHAT_NO_MESSAGE, CHAT_READ_NOT_ALLOWED } from '../messages';
import { mayReadChat } from '../policies/access';
import type { Decide } from './chat-command';

/**
 * Its author, the game's organizer or an admin deletes a message; the chat then shows 'Message
 * deleted' in its place. Deleting it again changes nothing. Someone who may not even read the chat is
 * told so before anything about the message.
 */
export const deleteGameMessage: Decide<'DeleteGameMessage'> = (command, state, context) => {
  if (!mayReadChat(command.access)) throw new DomainError('forbidden', 'not_a_member', CHAT_READ_NOT_ALLOWED);
  const message = state.messages[command.messageId];
  if (!message) throw new DomainError('not_found', 'no_message', CHAT_NO_MESSAGE);
  const actorId = context.actorId;
  const allowed = command.access === 'organizer' || command.access === 'admin' || message.authorId === actorId;
  if (!allowed || actorId === null) throw new DomainError('forbidden', 'not_allowed', CHAT_DELETE_NOT_ALLOWED);
  if (message.deleted) return [];
  return [
    {
      type: 'GameMessageDeleted',
      data: { gameId: command.gameId, messageId: command.messageId, deletedBy: actorId, at: context.now.toISOString() },
    },
  ];
};

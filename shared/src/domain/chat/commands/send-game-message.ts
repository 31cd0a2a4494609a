import { DomainError } from '../../decider';
import { CHAT_ANNOUNCEMENT_ORGANIZER_ONLY, CHAT_NOT_A_MEMBER } from '../messages';
import { mayWriteChat } from '../policies/access';
import { mentionsIn } from '../policies/mentions';
import type { Decide } from './chat-command';

/**
 * A member, the organizer or an admin says something in the game's chat; only the organizer or an
 * admin makes it an announcement. The same message sent again (a retry) is said once.
 */
export const sendGameMessage: Decide<'SendGameMessage'> = (command, state, context) => {
  if (!mayWriteChat(command.access)) throw new DomainError('forbidden', 'not_a_member', CHAT_NOT_A_MEMBER);
  if (command.announcement && command.access === 'member')
    throw new DomainError('forbidden', 'not_the_organizer', CHAT_ANNOUNCEMENT_ORGANIZER_ONLY);
  if (state.messages[command.messageId]) return [];
  return [
    {
      type: 'GameMessageSent',
      data: {
        gameId: command.gameId,
        messageId: command.messageId,
        authorId: command.author.userId,
        authorUsername: command.author.username,
        text: command.text,
        sentAt: context.now.toISOString(),
        announcement: command.announcement,
        mentions: mentionsIn(command.text, command.people, command.author.userId),
      },
    },
  ];
};

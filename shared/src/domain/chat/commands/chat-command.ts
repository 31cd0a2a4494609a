/** The commands a game's chat stream takes; each one's decision is in its own file beside this one. */

import type { DecideOne } from '../../decider';
import type { ChatEvent } from '../events';
import type { ChatAccess } from '../policies/access';
import type { ChatState } from '../state';

export type ChatCommand =
  | {
      type: 'SendGameMessage';
      gameId: string;
      /** From the request (an Idempotency-Key's retry names the same message): see streams.ts's messageIdOf. */
      messageId: string;
      author: { userId: string; username: string };
      /** Who the author is to the game, from the game's own stream (policies/access.ts). */
      access: ChatAccess;
      text: string;
      announcement: boolean;
      /** Whom an '@username' may name: the game's organizer and players, from its stream. */
      people: Array<{ userId: string; username: string }>;
    }
  | {
      type: 'DeleteGameMessage';
      gameId: string;
      messageId: string;
      /** Who the deleter is to the game, from the game's own stream. */
      access: ChatAccess;
    };

export type Decide<Type extends ChatCommand['type']> = DecideOne<ChatCommand, Type, ChatEvent, ChatState>;

/**
 * A game's chat, composed (issue #46): each command decides in its file under commands/, the state and
 * `evolve` are in state.ts, who may do what is in policies/access.ts.
 */

import { decideByType, type Decider } from '../decider';
import type { ChatEvent } from './events';
import { evolve, initialState, type ChatState } from './state';
import type { ChatCommand } from './commands/chat-command';
import { sendGameMessage } from './commands/send-game-message';
import { deleteGameMessage } from './commands/delete-game-message';

export type { ChatCommand } from './commands/chat-command';
export type { ChatState } from './state';

export const chatDecider: Decider<ChatCommand, ChatEvent, ChatState> = {
  initialState,
  evolve,
  decide: decideByType<ChatCommand, ChatEvent, ChatState>({
    SendGameMessage: sendGameMessage,
    DeleteGameMessage: deleteGameMessage,
  }),
};

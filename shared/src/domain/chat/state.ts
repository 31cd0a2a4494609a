/** What a game's chat stream says, and how each event changes that (`evolve`). */

import { unknownType } from '../decider';
import type { ChatEvent } from './events';

export interface ChatMessage {
  authorId: string;
  deleted: boolean;
}

export interface ChatState {
  /** Every message ever sent, by id: a retried send finds its message, a delete finds its author. */
  messages: Record<string, ChatMessage>;
}

export const initialState = (): ChatState => ({ messages: {} });

export function evolve(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'GameMessageSent':
      return {
        messages: { ...state.messages, [event.data.messageId]: { authorId: event.data.authorId, deleted: false } },
      };
    case 'GameMessageDeleted': {
      const message = state.messages[event.data.messageId];
      if (!message) return state;
      return { messages: { ...state.messages, [event.data.messageId]: { ...message, deleted: true } } };
    }
    default:
      return unknownType(event);
  }
}

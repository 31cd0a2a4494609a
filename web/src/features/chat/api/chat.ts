import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_PAGE,
  DELETE_GAME_MESSAGE_PATH,
  GAME_MESSAGES_PATH,
  MARK_GAME_MESSAGES_READ_PATH,
  SEND_GAME_MESSAGE_PATH,
  UNREAD_GAME_MESSAGES_PATH,
  type GameMessagePage,
  type UnreadGameMessages,
} from '@playtime/shared/contract/chat-texts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** TanStack Query keys of the chat; a game's chat room invalidates its messages and the unread counts. */
export const chatKeys = {
  messages: (gameId: string) => ['chat', 'messages', gameId] as const,
  unread: ['chat', 'unread'] as const,
};

/**
 * GET /api/game-messages: the newest page first, then earlier pages (each page oldest first). Pages are
 * fetched `before` the oldest message shown, so a page never repeats what another shows.
 */
export function useGameMessages(gameId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(gameId),
    queryFn: ({ pageParam }) =>
      apiGet<GameMessagePage>(GAME_MESSAGES_PATH, {
        gameId,
        limit: CHAT_PAGE.fallback,
        before: pageParam ?? undefined,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasEarlier ? (page.items[0]?.messageId ?? null) : null),
    meta: { silent: true },
  });
}

/** GET /api/unread-game-messages: the caller's unread chat messages by game (cards and bell). */
export function useUnreadGameMessages(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: () => apiGet<UnreadGameMessages>(UNREAD_GAME_MESSAGES_PATH),
    enabled,
    meta: { silent: true },
  });
}

function useChatCommand<Input>(gameId: string, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(gameId) }),
    meta: { silent: true },
  });
}

export const useSendGameMessage = (gameId: string) =>
  useChatCommand(gameId, (input: { text: string; announcement: boolean }) =>
    apiPost<{ messageId: string }>(SEND_GAME_MESSAGE_PATH, { gameId, ...input }),
  );

export const useDeleteGameMessage = (gameId: string) =>
  useChatCommand(gameId, (messageId: string) => apiPost(DELETE_GAME_MESSAGE_PATH, { messageId }));

/** POST /api/mark-game-messages-read: the chat was seen up to its newest message. */
export function useMarkChatRead(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(MARK_GAME_MESSAGES_READ_PATH, { gameId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
    meta: { silent: true },
  });
}

import { Router, type Request } from 'express';
import {
  CHAT_NO_GAME,
  DELETE_GAME_MESSAGE_PATH,
  MARK_GAME_MESSAGES_READ_PATH,
  SEND_GAME_MESSAGE_PATH,
  deleteGameMessageBody,
  markGameMessagesReadBody,
  sendGameMessageBody,
} from '@playtime/shared/contract/chat';
import { chatDecider } from '@playtime/shared/domain/chat/decider';
import { chatAccessOf, chatPeopleOf, type ChatAccess } from '@playtime/shared/domain/chat/policies/access';
import { chatStream, gameIdOfMessage, messageIdOf } from '@playtime/shared/domain/chat/streams';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import type { GameState } from '@playtime/shared/domain/games/state';
import { gameStream } from '@playtime/shared/domain/games/streams';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { markChatRead } from '@playtime/shared/infra/chat/read-marks';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import type pg from 'pg';
import { newIdFor, runCommand, type CommandDependencies } from '../http/run-command';
import { TooManyMessages, type ChatSendLimit } from './send-rate-limit';

export type ChatCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /** Where the caller's read marks are kept (beside the read model, not in the log). */
  pool: pg.Pool;
  /** CHAT_MESSAGES_PER_MINUTE per person: openChatSendLimit(...). */
  chatSendLimit: ChatSendLimit;
};

/**
 * Issue #46: a game's chat. Who the caller is to the game is read from the game's own stream (the write
 * side reads no projection); the chat's decisions are on the chat's stream.
 */
export function chatCommandRoutes(deps: ChatCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  const gameOf = async (gameId: string): Promise<GameState> => {
    const game = await currentState(deps.store, gameDecider, gameStream(gameId), deps.streamStates);
    if (game.status === 'none') throw new ApiError(404, 'no_game', CHAT_NO_GAME);
    return game;
  };
  const accessOf = (req: Request, game: GameState): ChatAccess =>
    chatAccessOf(game, req.user!.userId, req.user!.role === 'admin');

  router.post(SEND_GAME_MESSAGE_PATH, signedIn, async (req, res) => {
    const { gameId, text, announcement } = parseBody(sendGameMessageBody, req.body);
    const user = req.user!;
    try {
      await deps.chatSendLimit.take(user.userId);
    } catch (error) {
      if (error instanceof TooManyMessages) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    const game = await gameOf(gameId);
    const messageId = messageIdOf(gameId, newIdFor(deps, req)());
    await runCommand(deps, req, res, chatDecider, chatStream(gameId), {
      type: 'SendGameMessage',
      gameId,
      messageId,
      author: { userId: user.userId, username: user.username },
      access: accessOf(req, game),
      text,
      announcement,
      people: chatPeopleOf(game),
    });
    res.json({ messageId });
  });

  router.post(DELETE_GAME_MESSAGE_PATH, signedIn, async (req, res) => {
    const { messageId } = parseBody(deleteGameMessageBody, req.body);
    const gameId = gameIdOfMessage(messageId);
    if (gameId === null) throw new ApiError(404, 'no_message', 'There is no such message.');
    const game = await gameOf(gameId);
    await runCommand(deps, req, res, chatDecider, chatStream(gameId), {
      type: 'DeleteGameMessage',
      gameId,
      messageId,
      access: accessOf(req, game),
    });
    res.json({ ok: true });
  });

  // Reading is the person's own view, not an event (like the bell's read marks).
  router.post(MARK_GAME_MESSAGES_READ_PATH, signedIn, async (req, res) => {
    const { gameId } = parseBody(markGameMessagesReadBody, req.body);
    await markChatRead(deps.pool, req.user!.userId, gameId);
    res.json({ ok: true });
  });

  return router;
}

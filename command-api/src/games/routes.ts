import { Router, type Request } from 'express';
import {
  allowPlayerBackBody,
  deleteGameBody,
  joinGameBody,
  leaveGameBody,
  removePlayerBody,
  switchPlayersBody,
} from '@playtime/shared/contract/games';
import { gameDecider, type VerifiedEntryPayment } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import { runCommand, type CommandDependencies } from '../http/run-command';

export type GameCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /**
   * Asks the payment processor about an entry payment: the payment as the processor knows it when it
   * succeeded, or a 4xx ApiError a person can act on (unknown, not paid yet, failed). The decider checks
   * that it is the caller's, of this game's price, for this game, and not used before.
   */
  verifyEntryPayment: (paymentId: string) => Promise<VerifiedEntryPayment>;
};

const actorIsAdmin = (req: Request) => req.user!.role === 'admin';

/** Commands on games (spec §7 game calls): join, move, substitute, remove, leave and cancel. */
export function gameCommandRoutes(deps: GameCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.post('/api/join-game', signedIn, async (req, res) => {
    const body = parseBody(joinGameBody, req.body);
    const stream = gameStream(body.gameId);
    const user = req.user!;
    if (body.participantId !== undefined && body.participantId !== user.userId) {
      await runCommand(deps, req, res, gameDecider, stream, {
        type: 'MovePlayer',
        playerId: body.participantId,
        to: body.team,
        actorIsAdmin: actorIsAdmin(req),
      });
    } else {
      const payment = body.paymentId === undefined ? null : await deps.verifyEntryPayment(body.paymentId);
      await runCommand(deps, req, res, gameDecider, stream, {
        type: 'JoinGame',
        playerId: user.userId,
        username: user.username,
        team: body.team,
        payment,
      });
    }
    res.json({ ok: true });
  });

  router.post('/api/leave-game', signedIn, async (req, res) => {
    const { gameId } = parseBody(leaveGameBody, req.body);
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'LeaveGame',
      playerId: req.user!.userId,
    });
    res.json({ ok: true });
  });

  router.post('/api/remove-player', signedIn, async (req, res) => {
    const { gameId, participantId } = parseBody(removePlayerBody, req.body);
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'RemovePlayer',
      playerId: participantId,
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  router.post('/api/allow-player-back', signedIn, async (req, res) => {
    const { gameId, participantId } = parseBody(allowPlayerBackBody, req.body);
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'AllowPlayerBack',
      playerId: participantId,
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  router.post('/api/switch-players', signedIn, async (req, res) => {
    const body = parseBody(switchPlayersBody, req.body);
    await runCommand(deps, req, res, gameDecider, gameStream(body.gameId), {
      type: 'SwitchPlayers',
      incomingId: body.participantId1,
      outgoingId: body.participantId2,
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  router.post('/api/delete-game', signedIn, async (req, res) => {
    const { gameId } = parseBody(deleteGameBody, req.body);
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'CancelGame',
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  return router;
}

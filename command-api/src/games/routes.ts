import { Router, type Request, type Response } from 'express';
import {
  acceptSpotBody,
  allowPlayerBackBody,
  addRegularBody,
  cancelSeriesBody,
  removeRegularBody,
  type CancelledSeries,
  declineSpotBody,
  deleteGameBody,
  joinGameBody,
  joinWaitlistBody,
  leaveWaitlistBody,
  removePlayerBody,
  switchPlayersBody,
  type WaitlistPosition,
} from '@playtime/shared/contract/games';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import type { GameCommand, VerifiedEntryPayment } from '@playtime/shared/domain/games/commands/game-command';
import { waitlistOf } from '@playtime/shared/domain/games/queries';
import { gameStream } from '@playtime/shared/domain/games/events';
import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { attendanceInLog } from '@playtime/shared/game-loop/record-attendance/attendance-in-log';
import { userIdOfUsernameInLog } from '../users/users-in-log';
import type { NoShowBan } from '@playtime/shared/domain/users/reliability';
import type pg from 'pg';
import { saidTimeZoneOf, timeZoneOf } from '@playtime/shared/infra/http/time-zone';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { cancelRestOfSeries } from '@playtime/shared/game-loop/weekly-series/series';
import { metadataOf, runCommand, setPosition, type CommandDependencies } from '../http/run-command';

export type GameCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  /** Finds the account of a username the organizer types to add a regular. */
  pool: pg.Pool;
  /**
   * Asks the payment processor about an entry payment: the payment as the processor knows it when it
   * succeeded, or a 4xx ApiError a person can act on (unknown, not paid yet, failed). The decider checks
   * that it is the caller's, of this game's price, for this game, and not used before.
   */
  verifyEntryPayment: (paymentId: string) => Promise<VerifiedEntryPayment>;
  /** OFFER_WINDOW_*: how long a place that a command frees stays offered (issue #29). */
  offerWindows: OfferWindows;
  /** NO_SHOW_BAN_*: the no-show ban's settings (issue #44). */
  noShowBan: NoShowBan;
};

const actorIsAdmin = (req: Request) => req.user!.role === 'admin';

/** A command on one game's stream, answered `{ ok: true }` once decided (a refusal answers as its error). */
export const commandOnGameOf =
  (deps: Pick<CommandDependencies, 'commands' | 'newId'>) =>
  async (req: Request, res: Response, gameId: string, command: GameCommand) => {
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), command);
    res.json({ ok: true });
  };

/**
 * Commands on games (spec §7 game calls): join, move, substitute, remove, leave and cancel; and the line
 * for a team spot and the waitlist of a full game (issue #29). Every command that may free a place
 * carries the offer windows, so its offers last as configured.
 */
export function gameCommandRoutes(deps: GameCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);
  const { offerWindows } = deps;
  const commandOnGame = commandOnGameOf(deps);

  router.post('/api/join-game', signedIn, async (req, res) => {
    const body = parseBody(joinGameBody, req.body);
    const stream = gameStream(body.gameId);
    const user = req.user!;
    if (body.participantId !== undefined && body.participantId !== user.userId) {
      await runCommand(deps, req, res, gameDecider, stream, {
        type: 'MovePlayer',
        offerWindows,
        playerId: body.participantId,
        to: body.team,
        actorIsAdmin: actorIsAdmin(req),
      });
    } else {
      const payment = body.paymentId === undefined ? null : await deps.verifyEntryPayment(body.paymentId);
      await runCommand(deps, req, res, gameDecider, stream, {
        type: 'JoinGame',
        offerWindows,
        playerId: user.userId,
        username: user.username,
        team: body.team,
        payment,
        // A refusal that names a time names it in the reader's zone, as other refusals do.
        timeZone: timeZoneOf(req),
        // Issue #46: the player's quiet hours are kept in the zone their browser says.
        playerTimeZone: saidTimeZoneOf(req),
        // Issue #44: the no-show ban and the game's minimum read the player's own stream.
        joiner: { attendance: await attendanceInLog(deps.commands, user.userId), noShowBan: deps.noShowBan },
        // Issue #45: the guests the player brings (the payment's when absent) and their names.
        guests: body.guests,
        guestNames: body.guestNames,
      });
    }
    res.json({ ok: true });
  });

  // Leave-game is in leave-routes.ts (issue #45: its answer says what is refunded).

  router.post('/api/remove-player', signedIn, async (req, res) => {
    const { gameId, participantId } = parseBody(removePlayerBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'RemovePlayer',
      offerWindows,
      playerId: participantId,
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  router.post('/api/allow-player-back', signedIn, async (req, res) => {
    const { gameId, participantId } = parseBody(allowPlayerBackBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'AllowPlayerBack',
      playerId: participantId,
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  router.post('/api/switch-players', signedIn, async (req, res) => {
    const body = parseBody(switchPlayersBody, req.body);
    await commandOnGame(req, res, body.gameId, {
      type: 'SwitchPlayers',
      offerWindows,
      incomingId: body.participantId1,
      outgoingId: body.participantId2,
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  router.post('/api/delete-game', signedIn, async (req, res) => {
    const { gameId } = parseBody(deleteGameBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'CancelGame',
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  // Issue #30: 'Cancel the rest of the series' — this week and every later one, each refunded as the field's policy says.
  router.post('/api/cancel-series', signedIn, async (req, res) => {
    const { gameId } = parseBody(cancelSeriesBody, req.body);
    const { cancelled, position } = await cancelRestOfSeries(deps, {
      gameId,
      actorId: req.user!.userId,
      actorIsAdmin: actorIsAdmin(req),
      metadata: metadataOf(req),
    });
    setPosition(res, position);
    const answer: CancelledSeries = { cancelled };
    res.json(answer);
  });

  // Issue #30: the Manage area's regulars of a series week, added by username or removed.
  router.post('/api/add-regular', signedIn, async (req, res) => {
    const { gameId, username } = parseBody(addRegularBody, req.body);
    const playerId = await userIdOfUsernameInLog(deps.commands, username);
    await commandOnGame(req, res, gameId, {
      type: 'AddRegular',
      playerId,
      username,
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  router.post('/api/remove-regular', signedIn, async (req, res) => {
    const { gameId, participantId } = parseBody(removeRegularBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'RemoveRegular',
      playerId: participantId,
      actorIsAdmin: actorIsAdmin(req),
    });
  });

  router.post('/api/accept-spot', signedIn, async (req, res) => {
    const { gameId } = parseBody(acceptSpotBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'AcceptSpot',
      playerId: req.user!.userId,
    });
  });

  router.post('/api/decline-spot', signedIn, async (req, res) => {
    const { gameId } = parseBody(declineSpotBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'DeclineSpot',
      playerId: req.user!.userId,
      offerWindows,
    });
  });

  router.post('/api/join-waitlist', signedIn, async (req, res) => {
    const { gameId, guests, guestNames } = parseBody(joinWaitlistBody, req.body);
    const user = req.user!;
    await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'JoinWaitlist',
      playerId: user.userId,
      username: user.username,
      // Issue #46: the player's quiet hours are kept in the zone their browser says.
      timeZone: saidTimeZoneOf(req),
      // Issue #45: the guests the player waits with, and their names.
      guests,
      guestNames,
    });
    // The place as the stream has it now (the state the command just left, unless others came since).
    const game = await currentState(deps.commands.store, gameDecider, gameStream(gameId), deps.commands.streamStates);
    const place = waitlistOf(game).find((waiting) => waiting.playerId === user.userId);
    if (!place) throw new ApiError(409, 'not_waiting', 'You are no longer on the waitlist of this game.');
    const answer: WaitlistPosition = { position: place.position };
    res.json(answer);
  });

  router.post('/api/leave-waitlist', signedIn, async (req, res) => {
    const { gameId } = parseBody(leaveWaitlistBody, req.body);
    await commandOnGame(req, res, gameId, {
      type: 'LeaveWaitlist',
      playerId: req.user!.userId,
      offerWindows,
    });
  });

  return router;
}

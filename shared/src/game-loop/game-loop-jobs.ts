import { gameDecider, type GameCommand } from '../domain/games/decider';
import { gameStream } from '../domain/games/events';
import type { OfferWindows } from '../domain/games/rules';
import { availabilityDecider } from '../domain/availability/decider';
import type { SubFieldRef } from '../domain/availability/commands/types';
import { subFieldStream, type AvailabilityEvent } from '../domain/availability/events';
import type { CommandDoor } from '../infra/commands/command-door';
import { currentState } from '../infra/commands/current-state';
import type { JobHandler } from '../infra/jobs/port';
import { scheduleBookedGame } from './booking';
import { nameNextWeeksRegulars } from './series';

/**
 * The game loop's side effects (DESIGN §7), done by jobs with retries once the game loop's reactor
 * (projector/src/games/game-loop.ts) has asked for them: a hold expires by itself; a booking becomes
 * its game; a cancelled game gives its slot back and refunds what it owes; a player the organizer
 * removed gets their entry back; an offer of a freed place runs out by itself, passing the place on; a
 * game with a minimum of players checks it at its decision time (issue #29); members are reminded
 * before the start (issue #31). Every job is idempotent on
 * its own (its command decides nothing twice, its refund has a key).
 */
export type GameLoopJob =
  | { kind: 'expire-hold'; subField: SubFieldRef; holdId: string }
  | { kind: 'schedule-game'; booking: Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'] }
  | { kind: 'release-booking'; subField: SubFieldRef; gameId: string }
  | {
      kind: 'refund';
      paymentId: string;
      idempotencyKey: string;
      reason: 'game_cancelled' | 'player_removed';
      /** Part of the payment (a week of a series' rental); absent: whatever is left of it. */
      amountCents?: number;
    }
  /** The spot or waitlist offer made to `playerId` at `offeredAt`, at its expiry. */
  | { kind: 'expire-spot-offer'; gameId: string; playerId: string; offeredAt: string }
  | { kind: 'expire-waitlist-offer'; gameId: string; playerId: string; offeredAt: string }
  | { kind: 'check-minimum-players'; gameId: string }
  /** Issue #30: at the end of a series week, its team players become next week's regulars. */
  | { kind: 'name-regulars'; gameId: string }
  /** Issue #31: a set time before the start, the members are reminded. */
  | { kind: 'remind-players'; gameId: string };

export type RefundPayment = (request: {
  paymentId: string;
  idempotencyKey: string;
  reason: string;
  amountCents?: number | undefined;
}) => Promise<void>;

export interface GameLoopJobDependencies {
  commands: CommandDoor;
  cancellationWindowHours: number;
  refund: RefundPayment;
  /** OFFER_WINDOW_*: an expired offer passes its place on with an offer of its own. */
  offerWindows: OfferWindows;
}

export function gameLoopJobHandler(deps: GameLoopJobDependencies): JobHandler<GameLoopJob> {
  const { commands } = deps;
  const metadata = (jobId: string) => ({ userId: null, correlationId: jobId, causationId: null });
  return async (job) => {
    const data = job.data;
    /** A decision on one game, by this job (no person asked for it). */
    const onGame = (gameId: string, command: GameCommand) =>
      commands.run({
        decider: gameDecider,
        streamId: gameStream(gameId),
        command,
        newId: () => gameId,
        actorId: null,
        metadata: metadata(job.id),
      });
    switch (data.kind) {
      case 'expire-hold':
        await commands.run({
          decider: availabilityDecider,
          streamId: subFieldStream(data.subField.subFieldId),
          command: { type: 'ReleaseHold', subField: data.subField, holdId: data.holdId, reason: 'expired' },
          newId: () => data.holdId,
          actorId: null,
          metadata: metadata(job.id),
        });
        return;
      case 'schedule-game': {
        // Usually the booking step made the game a moment after the booking: then this is all it costs.
        const game = await currentState(
          commands.store,
          gameDecider,
          gameStream(data.booking.gameId),
          commands.streamStates,
        );
        if (game.status !== 'none') return;
        await scheduleBookedGame(deps, data.booking, {
          cancellationWindowHours: deps.cancellationWindowHours,
          metadata: metadata(job.id),
        });
        return;
      }
      case 'release-booking':
        await commands.run({
          decider: availabilityDecider,
          streamId: subFieldStream(data.subField.subFieldId),
          command: { type: 'CancelBooking', subField: data.subField, gameId: data.gameId },
          newId: () => data.gameId,
          actorId: null,
          metadata: metadata(job.id),
        });
        return;
      case 'refund':
        await deps.refund({
          paymentId: data.paymentId,
          idempotencyKey: data.idempotencyKey,
          reason: data.reason,
          amountCents: data.amountCents,
        });
        return;
      // An offer answered meanwhile decides nothing; one run a little early is refused, and the job runs again.
      case 'expire-spot-offer':
      case 'expire-waitlist-offer':
        await onGame(data.gameId, {
          type: data.kind === 'expire-spot-offer' ? 'ExpireSpotOffer' : 'ExpireWaitlistOffer',
          playerId: data.playerId,
          offeredAt: data.offeredAt,
          offerWindows: deps.offerWindows,
        });
        return;
      case 'name-regulars':
        await nameNextWeeksRegulars(commands, data.gameId, metadata(job.id));
        return;
      // A game cancelled meanwhile, or reminded already, decides nothing.
      case 'remind-players':
        await onGame(data.gameId, { type: 'RemindPlayers' });
        return;
      // Its cancellation, if the game has too few players, refunds through the GameCancelled reaction.
      case 'check-minimum-players':
        await onGame(data.gameId, { type: 'CheckMinimumPlayers' });
        return;
    }
  };
}

import { availabilityDecider, type SubFieldRef } from '@playtime/shared/domain/availability/decider';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream, type GameEvent } from '@playtime/shared/domain/games/events';
import { subFieldStream, type AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { EventStore, StoredEvent } from '@playtime/shared/infra/eventstore/port';
import { scheduleBookedGame } from '@playtime/shared/infra/game-loop/booking';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend, type JobHandler, type JobQueue } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Payments } from '@playtime/shared/infra/payments/setup';
import type { Projection } from '../runtime/projection';
import { reactorProjection, type JobRequest, type Reactor } from '../runtime/reactor';

/**
 * The game loop's side effects (DESIGN §7), decided by a reactor and done by jobs with retries:
 * a hold expires by itself; a booking becomes its game; a cancelled game gives its slot back and
 * refunds what it owes; a player the organizer removed gets their entry back. Job ids come from the event, so a replayed event enqueues nothing twice, and
 * every job is idempotent on its own (its command decides nothing twice, its refund has a key).
 */
export type GameLoopJob =
  | { kind: 'expire-hold'; subField: SubFieldRef; holdId: string }
  | { kind: 'schedule-game'; booking: Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'] }
  | { kind: 'release-booking'; subField: SubFieldRef; gameId: string }
  | { kind: 'refund'; paymentId: string; idempotencyKey: string; reason: 'game_cancelled' | 'player_removed' };

export type RefundPayment = (request: { paymentId: string; idempotencyKey: string; reason: string }) => Promise<void>;

export interface GameLoopJobDependencies {
  store: EventStore;
  now: () => Date;
  cancellationWindowHours: number;
  refund: RefundPayment;
}

const subFieldOf = (data: {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  subFieldName: string;
}): SubFieldRef => ({
  subFieldId: data.subFieldId,
  fieldId: data.fieldId,
  ownerId: data.ownerId,
  name: data.subFieldName,
});

/** Whether one of `later` (events after this one in the batch) is of these types and names this hold or game. */
function shownLater(
  later: readonly StoredEvent[],
  types: readonly string[],
  key: 'holdId' | 'gameId',
  id: string,
): boolean {
  return later.some((event) => types.includes(event.type) && (event.data as Record<string, unknown>)[key] === id);
}

/**
 * A payment the game gives back. The key is the game's and the payment's alone, whatever the reason:
 * an entry refunded at removal and listed again by a later cancellation is refunded once.
 */
function refundJob(
  queue: JobQueue<GameLoopJob>,
  gameId: string,
  paymentId: string,
  reason: 'game_cancelled' | 'player_removed',
): JobRequest<GameLoopJob> {
  return {
    queue,
    jobName: 'refund',
    data: { kind: 'refund', paymentId, idempotencyKey: `refund-${gameId}-${paymentId}`, reason },
  };
}

export function gameLoopReactor(queue: JobQueue<GameLoopJob>, now: () => Date = () => new Date()): Reactor {
  return {
    name: 'game_loop',
    handles: ['SlotHeld', 'HoldReleased', 'SlotBooked', 'GameScheduled', 'PlayerRemoved', 'GameCancelled'] satisfies (
      AvailabilityEvent | GameEvent
    )['type'][],
    react(stored: StoredEvent, following: () => readonly StoredEvent[]): JobRequest<GameLoopJob>[] {
      // Handled only to be seen after a hold or a booking (below): each asks for nothing itself.
      if (stored.type === 'GameScheduled' || stored.type === 'HoldReleased') return [];
      const event = parseEvent(stored);
      switch (event.type) {
        case 'SlotHeld': {
          // A hold already booked or released when the log is read needs no expiry: most holds, under load.
          if (shownLater(following(), ['SlotBooked', 'HoldReleased'], 'holdId', event.data.holdId)) return [];
          return [
            {
              queue,
              jobName: 'expire-hold',
              data: { kind: 'expire-hold', subField: subFieldOf(event.data), holdId: event.data.holdId },
              delayMs: Math.max(0, Date.parse(event.data.expiresAt) - now().getTime()),
            },
          ];
        }
        case 'SlotBooked': {
          // The booking step made its game right after: when the log already shows it, there is nothing to follow up.
          if (shownLater(following(), ['GameScheduled'], 'gameId', event.data.gameId)) return [];
          return [{ queue, jobName: 'schedule-game', data: { kind: 'schedule-game', booking: event.data } }];
        }
        case 'PlayerRemoved': {
          const { gameId, refundedPaymentId } = event.data;
          return refundedPaymentId ? [refundJob(queue, gameId, refundedPaymentId, 'player_removed')] : [];
        }
        case 'GameCancelled': {
          const { gameId, rentalRefunded, rentalPaymentId, entryRefunds } = event.data;
          const refunds = entryRefunds.map((entry) => entry.paymentId);
          if (rentalRefunded && rentalPaymentId) refunds.push(rentalPaymentId);
          return [
            {
              queue,
              jobName: 'release-booking',
              data: { kind: 'release-booking', gameId, subField: subFieldOf(event.data) },
            },
            ...refunds.map((paymentId) => refundJob(queue, gameId, paymentId, 'game_cancelled')),
          ];
        }
        default:
          return [];
      }
    },
  };
}

export function gameLoopJobHandler(deps: GameLoopJobDependencies): JobHandler<GameLoopJob> {
  const metadata = (jobId: string) => ({ userId: null, correlationId: jobId, causationId: null });
  return async (job) => {
    const data = job.data;
    switch (data.kind) {
      case 'expire-hold':
        await handleCommand({
          store: deps.store,
          decider: availabilityDecider,
          streamId: subFieldStream(data.subField.subFieldId),
          command: { type: 'ReleaseHold', subField: data.subField, holdId: data.holdId, reason: 'expired' },
          context: { now: deps.now(), newId: () => data.holdId, actorId: null },
          metadata: metadata(job.id),
        });
        return;
      case 'schedule-game': {
        // Usually the booking step made the game a moment after the booking: then this is all it costs.
        const game = await currentState(deps.store, gameDecider, gameStream(data.booking.gameId));
        if (game.status !== 'none') return;
        await scheduleBookedGame(deps, data.booking, {
          cancellationWindowHours: deps.cancellationWindowHours,
          metadata: metadata(job.id),
        });
        return;
      }
      case 'release-booking':
        await handleCommand({
          store: deps.store,
          decider: availabilityDecider,
          streamId: subFieldStream(data.subField.subFieldId),
          command: { type: 'CancelBooking', subField: data.subField, gameId: data.gameId },
          context: { now: deps.now(), newId: () => data.gameId, actorId: null },
          metadata: metadata(job.id),
        });
        return;
      case 'refund':
        await deps.refund({ paymentId: data.paymentId, idempotencyKey: data.idempotencyKey, reason: data.reason });
        return;
    }
  };
}

export interface GameLoop {
  /** The reactor on the projection runtime: its own checkpoint, one owner among projector processes. */
  projection: Projection;
  close(): Promise<void>;
}

/**
 * The game loop's queue (BullMQ on PostgreSQL, or Redis when configured), its worker and its reactor,
 * for a process that runs the projector. Refunds go to the payment processor and into the ledger.
 */
export async function startGameLoop(options: {
  store: EventStore;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** setUpPayments(...).refund: a payment refunded in full already owes nothing more. */
  refund: Payments['refund'];
  cancellationWindowHours: number;
  logger: Logger;
  now?: () => Date;
}): Promise<GameLoop> {
  const now = options.now ?? (() => new Date());
  const queue = await createJobQueue<GameLoopJob>({
    name: JOB_QUEUES.gameLoop,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: 10,
    backoffMs: 500,
    logger: options.logger,
  });
  // Refunded in full already (by hand, or by an earlier try whose answer was lost): nothing is owed.
  const refund: RefundPayment = async ({ paymentId, idempotencyKey }) =>
    void (await options.refund({ paymentId, idempotencyKey }));
  queue.process(
    gameLoopJobHandler({ store: options.store, now, cancellationWindowHours: options.cancellationWindowHours, refund }),
    { concurrency: 4 },
  );
  return { projection: reactorProjection(gameLoopReactor(queue, now)), close: () => queue.close() };
}

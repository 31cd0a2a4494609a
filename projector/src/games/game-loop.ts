import type { SubFieldRef } from '@playtime/shared/domain/availability/commands/types';
import type { GameEvent } from '@playtime/shared/domain/games/events';
import { DEFAULT_REMINDER_HOURS } from '@playtime/shared/contract/notifications';
import { minimumDecisionAt, type OfferWindows } from '@playtime/shared/domain/games/rules';
import type { AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { gameLoopJobHandler, type GameLoopJob, type RefundPayment } from '@playtime/shared/game-loop/game-loop-jobs';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend, type JobQueue } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Payments } from '@playtime/shared/game-loop/payments/setup';
import type { Projection } from '../runtime/projection';
import { reactorProjection, type JobRequest, type Reactor } from '../runtime/reactor';

export type { GameLoopJob } from '@playtime/shared/game-loop/game-loop-jobs';

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
  amountCents: number | null = null,
): JobRequest<GameLoopJob> {
  return {
    queue,
    jobName: 'refund',
    data: {
      kind: 'refund',
      paymentId,
      idempotencyKey: `refund-${gameId}-${paymentId}`,
      reason,
      ...(amountCents === null ? {} : { amountCents }),
    },
  };
}

/**
 * The game loop's reactor (DESIGN §7): which jobs the log's events ask for. What each job does is in
 * shared/src/game-loop/game-loop-jobs.ts. Job ids come from the event, so a replayed event enqueues
 * nothing twice.
 */
export function gameLoopReactor(
  queue: JobQueue<GameLoopJob>,
  now: () => Date = () => new Date(),
  reminderHours: number = DEFAULT_REMINDER_HOURS,
): Reactor {
  return {
    name: 'game_loop',
    handles: [
      'SlotHeld',
      'HoldReleased',
      'SlotBooked',
      'GameScheduled',
      'PlayerRemoved',
      'GameCancelled',
      'SpotOffered',
      'WaitlistOffered',
    ] satisfies (AvailabilityEvent | GameEvent)['type'][],
    react(stored: StoredEvent, following: () => readonly StoredEvent[]): JobRequest<GameLoopJob>[] {
      // Handled only to be seen after a hold (below): it asks for nothing itself.
      if (stored.type === 'HoldReleased') return [];
      const event = parseEvent(stored);
      const delayUntil = (instant: string | Date) => Math.max(0, new Date(instant).getTime() - now().getTime());
      switch (event.type) {
        case 'GameScheduled': {
          const { series, gameId, startDate, endDate } = event.data;
          // Its members hear of it a set time before the start (issue #31); the job finds who they are then.
          const reminder: JobRequest<GameLoopJob> = {
            queue,
            jobName: 'remind-players',
            data: { kind: 'remind-players', gameId },
            delayMs: delayUntil(new Date(Date.parse(startDate) - reminderHours * 3_600_000)),
          };
          // A series week's end names its team players next week's regulars (issue #30).
          const regulars: JobRequest<GameLoopJob>[] =
            series && series.week < series.weeks
              ? [
                  {
                    queue,
                    jobName: 'name-regulars',
                    data: { kind: 'name-regulars', gameId },
                    delayMs: delayUntil(endDate),
                  },
                ]
              : [];
          // A game with a minimum of players checks it at its decision time (issue #29).
          const decisionAt = minimumDecisionAt(event.data);
          if (!decisionAt) return [reminder, ...regulars];
          return [
            reminder,
            ...regulars,
            {
              queue,
              jobName: 'check-minimum-players',
              data: { kind: 'check-minimum-players', gameId: event.data.gameId },
              delayMs: delayUntil(decisionAt),
            },
          ];
        }
        case 'SpotOffered':
        case 'WaitlistOffered': {
          // Answered offers make the job decide nothing: it is kept, so a replay without `following` is right too.
          const { gameId, playerId, at: offeredAt, expiresAt } = event.data;
          const kind = event.type === 'SpotOffered' ? 'expire-spot-offer' : 'expire-waitlist-offer';
          return [
            { queue, jobName: kind, data: { kind, gameId, playerId, offeredAt }, delayMs: delayUntil(expiresAt) },
          ];
        }
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
          const { gameId, rentalRefunded, rentalPaymentId, rentalRefundCents, entryRefunds } = event.data;
          const refunds = entryRefunds.map((entry) => refundJob(queue, gameId, entry.paymentId, 'game_cancelled'));
          // A week of a series gives back its own rental from the series' one payment (a key per game).
          if (rentalRefunded && rentalPaymentId)
            refunds.push(refundJob(queue, gameId, rentalPaymentId, 'game_cancelled', rentalRefundCents));
          return [
            {
              queue,
              jobName: 'release-booking',
              data: { kind: 'release-booking', gameId, subField: subFieldOf(event.data) },
            },
            ...refunds,
          ];
        }
        default:
          return [];
      }
    },
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
  commands: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** setUpPayments(...).refund: a payment refunded in full already owes nothing more. */
  refund: Payments['refund'];
  cancellationWindowHours: number;
  /** OFFER_WINDOW_*: offerWindowsOf(config). */
  offerWindows: OfferWindows;
  /** REMINDER_HOURS: how long before its start a game's members are reminded. */
  reminderHours?: number;
  logger: Logger;
  now?: () => Date;
}): Promise<GameLoop> {
  const now = options.now ?? options.commands.now;
  const queue = await createJobQueue<GameLoopJob>({
    name: JOB_QUEUES.gameLoop,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: 10,
    backoffMs: 500,
    logger: options.logger,
  });
  // Refunded in full already (by hand, or by an earlier try whose answer was lost): nothing is owed.
  const refund: RefundPayment = async ({ paymentId, idempotencyKey, amountCents }) =>
    void (await options.refund({ paymentId, idempotencyKey, ...(amountCents === undefined ? {} : { amountCents }) }));
  queue.process(
    gameLoopJobHandler({
      commands: options.commands,
      cancellationWindowHours: options.cancellationWindowHours,
      offerWindows: options.offerWindows,
      refund,
    }),
    { concurrency: 4 },
  );
  return {
    projection: reactorProjection(gameLoopReactor(queue, now, options.reminderHours)),
    close: () => queue.close(),
  };
}

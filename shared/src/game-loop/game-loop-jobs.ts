import type { OfferWindows } from '../domain/games/rules';
import type { CommandDoor } from '../infra/commands/command-door';
import type { JobHandler } from '../infra/jobs/port';
import { scheduleGame, type ScheduleGameJob } from './book-held-slot/handler';
import {
  refund,
  releaseBooking,
  type RefundJob,
  type RefundPayment,
  type ReleaseBookingJob,
} from './cancel-game/handler';
import { checkMinimumPlayers, type CheckMinimumPlayersJob } from './decide-thin-game/handler';
import { expireHold, type ExpireHoldJob } from './expire-hold/handler';
import { expireOffer, type ExpireOfferJob } from './offer-freed-spot/handler';
import { remindPlayers, type RemindPlayersJob } from './remind-players/handler';
import { recordAttendance, type RecordAttendanceJob } from './record-attendance/handler';
import type { NameRegularsJob } from './weekly-series/policy';
import {
  captureHeldEntry,
  releaseHeldEntry,
  type CaptureHeldEntryJob,
  type ReleaseHeldEntryJob,
  type SettleHolds,
} from './settle-held-entries/handler';
import { nameNextWeeksRegulars } from './weekly-series/series';
import type { ReturnUnusedCreditJob } from './credit/return-unused-credit';

export type { RefundPayment } from './cancel-game/handler';

/**
 * The game loop's side effects (DESIGN §7), done by jobs with retries once the game loop's policy
 * (game-loop-policy.ts) has asked for them, each in its use case's folder: a hold expires by itself
 * (expire-hold); a booking becomes its game (book-held-slot); a cancelled game gives its slot back and
 * refunds what it owes, and a player the organizer removed gets their entry back (cancel-game); an offer
 * of a freed place runs out by itself, passing the place on (offer-freed-spot); a game with a minimum
 * of players checks it at its decision time (decide-thin-game, issue #29); a series week names next
 * week's regulars (weekly-series, issue #30); members are reminded before the start (remind-players,
 * issue #31); a player's own stream records their attendance (record-attendance, issue #44); held
 * entries are captured when their game is on, or released (settle-held-entries, issue #45). Every job is idempotent on its own (its command decides nothing twice, its refund has a key).
 */
export type GameLoopJob =
  | ExpireHoldJob
  | ScheduleGameJob
  | ReleaseBookingJob
  | RefundJob
  | ExpireOfferJob
  | CheckMinimumPlayersJob
  | NameRegularsJob
  | RemindPlayersJob
  | RecordAttendanceJob
  | CaptureHeldEntryJob
  | ReleaseHeldEntryJob
  | ReturnUnusedCreditJob;

export interface GameLoopJobDependencies {
  commands: CommandDoor;
  cancellationWindowHours: number;
  refund: RefundPayment;
  /** Issue #45: captures and releases held entries' payments (setUpPayments(...).holds). */
  holds: SettleHolds;
  /** Issue #45: gives back credit a checkout spent that nothing used (setUpPayments(...).returnUnusedCredit). */
  returnUnusedCredit: (job: ReturnUnusedCreditJob) => Promise<unknown>;
  /** OFFER_WINDOW_*: an expired offer passes its place on with an offer of its own. */
  offerWindows: OfferWindows;
}

export function gameLoopJobHandler(deps: GameLoopJobDependencies): JobHandler<GameLoopJob> {
  const { commands } = deps;
  return async (job) => {
    const data = job.data;
    const metadata = { userId: null, correlationId: job.id, causationId: null };
    switch (data.kind) {
      case 'expire-hold':
        return expireHold(commands, data, metadata);
      case 'schedule-game':
        return scheduleGame(deps, data, metadata);
      case 'release-booking':
        return releaseBooking(commands, data, metadata);
      case 'refund':
        return refund(deps.refund, data);
      case 'expire-spot-offer':
      case 'expire-waitlist-offer':
        return expireOffer(deps, data, metadata);
      case 'name-regulars':
        return nameNextWeeksRegulars(commands, data.gameId, metadata);
      case 'remind-players':
        return remindPlayers(commands, data, metadata);
      case 'check-minimum-players':
        return checkMinimumPlayers(commands, data, metadata);
      case 'record-attendance':
        return recordAttendance(commands, data, metadata);
      case 'capture-held-entry':
        return captureHeldEntry(deps.holds, data);
      case 'release-held-entry':
        return releaseHeldEntry(deps.holds, data);
      case 'return-unused-credit':
        return void (await deps.returnUnusedCredit(data));
    }
  };
}

/** The commands a game's stream takes; each one's decision is in its own file beside this one. */

import type { CommandOf, DecideOne } from '../../decider';
import type { GameDetails, GameEvent, GameWithdrawalReason, PlayerRemovalReason, Team } from '../events';
import type { OfferWindows } from '../rules';
import type { AttendanceStatus } from '../attendance-rules';
import type { JoinerRecord } from '../policies/reliability';
import type { GameState, Regular } from '../state';

/** A payment the command side has verified with the processor: succeeded, for this purpose. */
export interface VerifiedEntryPayment {
  paymentId: string;
  payerId: string;
  amountCents: number;
  gameId: string;
  /** Issue #45: only authorized (`requires_capture`), charged when the game is on; absent: charged. */
  held?: boolean;
  /** Issue #45: the guests the payment was priced for (price × (1 + guests)); none when absent. */
  guests?: number;
  /** The guests' names as the host typed them at checkout, for a join the payment's webhook makes. */
  guestNames?: string[];
}

/**
 * Commands that can free a place, and so make an offer: the offer windows are settings, passed in by
 * the caller; without them the defaults of rules.ts apply.
 */
export interface MayOffer {
  offerWindows?: OfferWindows;
}

export type GameCommand =
  | { type: 'ScheduleGame'; details: GameDetails; rentalPaymentId: string | null; rentalCents: number }
  /** Join-game of spec §7: a newcomer joins (on the sideline, then onto `team` if asked); a member moves to `team`. */
  | ({
      type: 'JoinGame';
      playerId: string;
      username: string;
      team: Team;
      payment: VerifiedEntryPayment | null;
      /** The reader's IANA zone, for the times a refusal names (UTC when absent). */
      timeZone?: string;
      /** Issue #46: the zone the player's browser said, kept for their quiet hours (absent: never said). */
      playerTimeZone?: string;
      /**
       * Issue #44: the player's attendance as their own stream records it, for the no-show ban and the
       * game's minimum reliability. Every entry that knows the player passes it.
       */
      joiner?: JoinerRecord;
      /** Issue #45: the guests the player brings (0 when absent), and their names if the host typed them. */
      guests?: number;
      guestNames?: string[];
    } & MayOffer)
  | ({ type: 'MovePlayer'; playerId: string; to: Team; actorIsAdmin: boolean } & MayOffer)
  | ({ type: 'SwitchPlayers'; incomingId: string; outgoingId: string; actorIsAdmin: boolean } & MayOffer)
  /** Issue #45: `refundTo` is where a refund within free cancellation goes (the card when absent). */
  | ({ type: 'LeaveGame'; playerId: string; refundTo?: 'card' | 'credit' } & MayOffer)
  | ({ type: 'RemovePlayer'; playerId: string; actorIsAdmin: boolean } & MayOffer)
  | { type: 'AllowPlayerBack'; playerId: string; actorIsAdmin: boolean }
  | { type: 'CancelGame'; actorIsAdmin: boolean }
  /** An admin deleted the organizer's or the field owner's account (a job of the deletion, never a person's request). */
  | { type: 'WithdrawGame'; reason: GameWithdrawalReason }
  /** An admin deleted a player's account (a job of the deletion): they leave the game, their entry refunded. */
  | ({ type: 'WithdrawPlayer'; playerId: string; reason: PlayerRemovalReason } & MayOffer)
  /** The first in line takes the spot offered to them. */
  | { type: 'AcceptSpot'; playerId: string }
  /** The first in line turns the offer down: back of the line, and the offer passes on. */
  | ({ type: 'DeclineSpot'; playerId: string } & MayOffer)
  /** The delayed job of a spot offer made at `offeredAt`, at its expiry. */
  | ({ type: 'ExpireSpotOffer'; playerId: string; offeredAt: string } & MayOffer)
  /** `timeZone`: the player's IANA zone (issue #46: quiet hours), when their browser said it. */
  | {
      type: 'JoinWaitlist';
      playerId: string;
      username: string;
      timeZone?: string;
      /** Issue #45: the guests the player would bring (0 when absent), and the names typed for them. */
      guests?: number;
      guestNames?: string[];
    }
  | ({ type: 'LeaveWaitlist'; playerId: string } & MayOffer)
  /** The delayed job of a waitlist offer made at `offeredAt`, at its expiry. */
  | ({ type: 'ExpireWaitlistOffer'; playerId: string; offeredAt: string } & MayOffer)
  /** The delayed job at the game's decision time (start − decisionHours). */
  | { type: 'CheckMinimumPlayers' }
  /** Issue #45: the return-unused-credit job: a credit payment no join used lapses, unless a join used it first. */
  | { type: 'LapseEntryPayment'; playerId: string; paymentId: string }
  /** Issue #30: the job at the end of last week's game names its team players this week's regulars. */
  | { type: 'NameRegulars'; fromGameId: string; regulars: Regular[] }
  | { type: 'AddRegular'; playerId: string; username: string; actorIsAdmin: boolean }
  | { type: 'RemoveRegular'; playerId: string; actorIsAdmin: boolean }
  /** Issue #31: the delayed job a set time before the start reminds the members. */
  | { type: 'RemindPlayers' }
  /** Issue #44: the caller checks in with the code typed or scanned; `codeOf` signs this game's window codes. */
  | { type: 'CheckIn'; code: string; codeOf: (window: number) => string }
  | { type: 'MarkAttendance'; playerId: string; status: AttendanceStatus; actorIsAdmin: boolean }
  | { type: 'ClearAttendanceMark'; playerId: string; reason: string; actorIsAdmin: boolean }
  | { type: 'SetMinReliability'; minReliability: number | null; actorIsAdmin: boolean };

export type Command<Type extends GameCommand['type']> = CommandOf<GameCommand, Type>;

/** The decide function of one command: the command, the game's state so far and the context, to new events. */
export type Decide<Type extends GameCommand['type']> = DecideOne<GameCommand, Type, GameEvent, GameState>;

import type { CommandOf, DecideOne } from '../../decider';
import type { AvailabilityEvent, GameDraft, SubFieldClosedReason } from '../events';
import type { AvailabilityState } from '../state';
import type { DraftAsSent } from '../policies/held-draft';
import type { CalendarDate, WeeklyRule } from '../weekly';

/**
 * The sub-field a command is about, as the command API found it in the read model. A command appends
 * to the sub-field's stream only, so its field, owner and name come in with the command.
 */
export interface SubFieldRef {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  name: string;
}

/** The rental payment the command side verified with the processor: succeeded, for this hold. */
export interface VerifiedRentalPayment {
  paymentId: string;
  payerId: string;
  amountCents: number;
  holdId: string;
}

/** What every new or changed window is checked against besides the sub-field's other windows. */
export interface WindowRules {
  /** The reader's IANA zone, for the times quoted in refusals. */
  timeZone: string;
  /** A window may start at most this many days from now (AVAILABILITY_MAX_DAYS_AHEAD). */
  maxDaysAhead: number;
}

export type AvailabilityCommand =
  | ({
      type: 'AddAvailability';
      subField: SubFieldRef;
      startDate: Date;
      endDate: Date;
      actorIsAdmin: boolean;
    } & WindowRules)
  | ({
      type: 'ChangeAvailability';
      subField: SubFieldRef;
      windowId: string;
      startDate: Date;
      endDate: Date;
      actorIsAdmin: boolean;
    } & WindowRules)
  | { type: 'RemoveAvailability'; subField: SubFieldRef; windowId: string; actorIsAdmin: boolean; timeZone: string }
  /** The sub-field is being removed, or its field deleted: nothing may be added to it afterwards. */
  | {
      type: 'CloseSubField';
      subField: SubFieldRef;
      actorIsAdmin: boolean;
      reason: SubFieldClosedReason;
      timeZone: string;
    }
  | {
      type: 'HoldSlot';
      subField: SubFieldRef;
      startDate: Date;
      endDate: Date;
      /** The rental of one week (of the slot alone without a series). */
      rentalCents: number;
      holdMinutes: number;
      draft: GameDraft;
      /** 'Repeat weekly' (issue #30): the slot and its next weeks, less the dropped ones, in one hold. */
      series?: SeriesRequest | undefined;
    }
  /** By the organizer (released), or by the hold's expiry job (expired, no actor). */
  | { type: 'ReleaseHold'; subField: SubFieldRef; holdId: string; reason: 'released' | 'expired' }
  | {
      type: 'BookSlot';
      subField: SubFieldRef;
      holdId: string;
      gameId: string;
      payment: VerifiedRentalPayment | null;
      draft?: DraftAsSent;
      /**
       * The games of a series hold's weeks after the first (`gameId` is the first's), in order; the
       * game loop derives them from the hold, so every path that books it books the same games.
       */
      laterWeekGameIds?: string[];
    }
  | { type: 'CancelBooking'; subField: SubFieldRef; gameId: string }
  /** The owner's account was deleted (a job of the account's deletion): nothing more is sold here. */
  | { type: 'WithdrawSubField'; subField: SubFieldRef; reason: 'owner_deleted' }
  | WeeklyAvailabilityCommand;

/** An owner's weekly availability (issue #30); decided in weekly-availability.ts. */
export type WeeklyAvailabilityCommand =
  /** Every window of a weekly rule, in one decision: all of them, or a refusal naming the clashing dates. */
  | ({ type: 'AddWeeklyAvailability'; subField: SubFieldRef; rule: WeeklyRule; actorIsAdmin: boolean } & WindowRules)
  /** A set's window and every later one of its set move to the wall-clock times of `startDate`–`endDate`. */
  | ({
      type: 'ChangeAvailabilitySet';
      subField: SubFieldRef;
      windowId: string;
      startDate: Date;
      endDate: Date;
      fieldTimeZone: string;
      actorIsAdmin: boolean;
    } & WindowRules)
  /** A set's window and every later one of its set are removed. */
  | { type: 'RemoveAvailabilitySet'; subField: SubFieldRef; windowId: string; actorIsAdmin: boolean; timeZone: string }
  /** No availability on a date of the field's zone: refused while a game is booked that day. */
  | {
      type: 'CloseDay';
      subField: SubFieldRef;
      date: CalendarDate;
      fieldTimeZone: string;
      actorIsAdmin: boolean;
      timeZone: string;
    };

/** A weekly series as the captain asked for it: the weeks are computed here, from the first slot. */
export interface SeriesRequest {
  /** How many weeks, the first included (MIN_SERIES_WEEKS–MAX_SERIES_WEEKS, checked by the contract). */
  repeatWeeks: number;
  /** Weeks the captain dropped, as local dates 'YYYY-MM-DD' in `timeZone`; each must be one of the weeks. */
  skipDates: string[];
  /** The field's zone: the weeks keep their time of day in it, and the dates are read in it (issue #41). */
  timeZone: string;
  regularsWindowHours: number;
}

export type Command<Type extends AvailabilityCommand['type']> = CommandOf<AvailabilityCommand, Type>;

/** The decide function of one command: the command, the sub-field's state so far and the context, to new events. */
export type Decide<Type extends AvailabilityCommand['type']> = DecideOne<
  AvailabilityCommand,
  Type,
  AvailabilityEvent,
  AvailabilityState
>;

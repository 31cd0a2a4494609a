import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
/**
 * A sub-field's availability, holds and bookings. Stream: `subfield-{subFieldId}`. One decider sees
 * windows, holds and bookings together, so it refuses a booking outside availability, two bookings of
 * one time, or removing a window a booking needs, under any concurrency.
 *
 * Every event names the sub-field's field and owner (they never change) so read models and realtime
 * rooms need nothing else, and the sub-field's name, which refusal messages quote.
 */
const subFieldOf = z.object({
  subFieldId: z.string(),
  fieldId: z.string(),
  ownerId: z.string(),
  subFieldName: z.string(),
});
/** Version 1 of the window events named a window `fieldScheduleId`, after the spec's URL paths. */
const subFieldOfWindowV1 = subFieldOf.extend({ fieldScheduleId: z.string() });
const subFieldOfWindow = subFieldOf.extend({ windowId: z.string() });
/** Version 2 of the window events: the window's id is `windowId`, as the code calls it. */
const withWindowId = <V1 extends { fieldScheduleId: string }>({ fieldScheduleId, ...rest }: V1) => ({
  ...rest,
  windowId: fieldScheduleId,
});
/** Version 2 of SlotHeld and SlotBooked: the person who holds and books is the game's organizer, as in its game. */
const withOrganizerId = <V1 extends { captainId: string }>({ captainId, ...rest }: V1) => ({
  ...rest,
  organizerId: captainId,
});

/** ISO 8601 instants, as `Date.toISOString()` writes them. */
const instant = z.iso.datetime({ offset: true });
const window = { startDate: instant, endDate: instant };

/** The game an organizer is booking, as the wizard's Configure step set it: the booking creates it. */
const gameDraft = z.object({
  name: z.string(),
  organizerUsername: z.string(),
  maxPlayers: z.number().int(),
  priceCents: z.number().int().nonnegative(),
  picture: z.string(),
});

/**
 * Version 2 of the draft (issue #29): the sideline size, the minimum of players and the decision time
 * the captain chose, as the game's own GameScheduled (version 2) records them. The contract checks the
 * limits; the events record the choice unchecked, so changed limits never break old events. Drafts held
 * before had none: an uncapped sideline and no minimum, as every game scheduled then.
 */
const gameDraftV2 = gameDraft.extend({
  sidelineSize: z.number().int().nonnegative().nullable(),
  minPlayers: z.number().int().positive().nullable(),
  decisionHours: z.number().positive().nullable(),
  /** Issue #45: free cancellation until this many hours before the start; absent in drafts held before. */
  freeCancellationHours: z.number().nonnegative().optional(),
});
/**
 * Version 3 of the draft (issue #45): how many guests each player may bring (0–3). Drafts held before
 * had none: their games take no guests.
 */
const gameDraftV3 = gameDraftV2.extend({ guestsPerPlayer: z.number().int().nonnegative() });
export type GameDraft = z.infer<typeof gameDraftV3>;
const withDraftV3 = <Previous extends { draft: z.infer<typeof gameDraftV2> }>(previous: Previous) => ({
  ...previous,
  draft: { ...previous.draft, guestsPerPlayer: 0 },
});
const withDraftV2 = <Previous extends { draft: z.infer<typeof gameDraft> }>(previous: Previous) => ({
  ...previous,
  draft: { ...previous.draft, sidelineSize: null, minPlayers: null, decisionHours: null },
});

export const AvailabilityAdded = eventSchema(
  'AvailabilityAdded',
  subFieldOfWindowV1.extend({ ...window, addedBy: z.string() }),
).next(subFieldOfWindow.extend({ ...window, addedBy: z.string() }), withWindowId);

export const AvailabilityChanged = eventSchema(
  'AvailabilityChanged',
  subFieldOfWindowV1.extend({ ...window, changedBy: z.string() }),
).next(subFieldOfWindow.extend({ ...window, changedBy: z.string() }), withWindowId);

export const AvailabilityRemoved = eventSchema(
  'AvailabilityRemoved',
  subFieldOfWindowV1.extend({ removedBy: z.string() }),
).next(subFieldOfWindow.extend({ removedBy: z.string() }), withWindowId);

const slotHeldV1 = subFieldOf.extend({
  holdId: z.string(),
  captainId: z.string(),
  ...window,
  expiresAt: instant,
  rentalCents: z.number().int().nonnegative(),
  draft: gameDraft,
});

/** An organizer holds a run of slots while paying the rental; others see it as unavailable until it ends. */
const slotHeldV2 = slotHeldV1.omit({ captainId: true }).extend({ organizerId: z.string() });

const slotHeldV3 = slotHeldV2.extend({ draft: gameDraftV2 });

/**
 * A week of a weekly series (issue #30): its times and the rental of that week alone. A hold's
 * `startDate`/`endDate` stay the first week's, so a reader that knows nothing of series sees that week.
 */
const occurrence = z.object({ ...window, rentalCents: z.number().int().nonnegative() });
export type Occurrence = z.infer<typeof occurrence>;

/** The series a hold or booking belongs to, and how long its regulars may join each week first (0–48 h). */
const seriesOfHold = z.object({ seriesId: z.string(), regularsWindowHours: z.number().nonnegative() });

export const SlotHeld = eventSchema('SlotHeld', slotHeldV1)
  .next(slotHeldV2, withOrganizerId)
  // Version 3: the draft's sideline size, minimum players and decision time (issue #29).
  .next(slotHeldV3, withDraftV2)
  // Version 4 (issue #30): one hold covers every kept week of a weekly series; `rentalCents` is their
  // sum. A hold from before is one occurrence, and no series.
  .next(slotHeldV3.extend({ occurrences: z.array(occurrence).min(1), series: seriesOfHold.nullable() }), (v3) => ({
    ...v3,
    occurrences: [{ startDate: v3.startDate, endDate: v3.endDate, rentalCents: v3.rentalCents }],
    series: null,
  }))
  // Version 5 (issue #45): the draft's guests per player.
  .next(
    slotHeldV3.extend({
      occurrences: z.array(occurrence).min(1),
      series: seriesOfHold.nullable(),
      draft: gameDraftV3,
    }),
    withDraftV3,
  );

/** Let go by the organizer, by its expiry, or replaced by the same organizer's next hold. */
export const HoldReleased = eventSchema(
  'HoldReleased',
  subFieldOf.extend({ holdId: z.string(), reason: z.enum(['released', 'expired', 'replaced']) }),
);

const slotBookedV1 = subFieldOf.extend({
  holdId: z.string(),
  gameId: z.string(),
  captainId: z.string(),
  ...window,
  rentalCents: z.number().int().nonnegative(),
  /** The succeeded payment of the rental; null when the rental costs nothing. */
  paymentId: z.string().nullable(),
  draft: gameDraft,
});

const slotBookedV2 = slotBookedV1.omit({ captainId: true }).extend({ organizerId: z.string() });

const slotBookedV3 = slotBookedV2.extend({ draft: gameDraftV2 });

/**
 * Which week of its series a booking is (1-based, of `weeks` kept), and when the week before ends:
 * that week's regulars join this one first, from then for `regularsWindowHours` (issue #30).
 */
const seriesWeek = seriesOfHold.extend({
  week: z.number().int().positive(),
  weeks: z.number().int().positive(),
  previousEndDate: instant.nullable(),
});
export type SeriesWeek = z.infer<typeof seriesWeek>;

export const SlotBooked = eventSchema('SlotBooked', slotBookedV1)
  .next(slotBookedV2, withOrganizerId)
  // Version 3: the draft's sideline size, minimum players and decision time (issue #29).
  .next(slotBookedV3, withDraftV2)
  // Version 4 (issue #30): a series hold books every week in one decision, one event per week, each
  // with that week's rental and the series' one payment. A booking from before is no series.
  .next(slotBookedV3.extend({ series: seriesWeek.nullable() }), (v3) => ({ ...v3, series: null }))
  // Version 5 (issue #45): the draft's guests per player.
  .next(slotBookedV3.extend({ series: seriesWeek.nullable(), draft: gameDraftV3 }), withDraftV3);

export const SUB_FIELD_CLOSED_REASONS = ['subfield_removed', 'field_deleted'] as const;
export type SubFieldClosedReason = (typeof SUB_FIELD_CLOSED_REASONS)[number];

/**
 * The sub-field is gone: removed from its field, or its field deleted. Written to the sub-field's own
 * stream before the field's stream records the removal, so no command on the sub-field can slip in
 * after it, whatever the read models still show.
 */
export const SubFieldClosed = eventSchema(
  'SubFieldClosed',
  subFieldOf.extend({ closedBy: z.string(), reason: z.enum(SUB_FIELD_CLOSED_REASONS) }),
);

/**
 * The sub-field is taken off sale because its owner's account was deleted: no more holds, bookings or
 * availability. Unlike a close it needs no free calendar first: its booked games are cancelled after
 * it (with everything paid refunded), and their bookings are cancelled on this stream as usual.
 */
export const SubFieldWithdrawn = eventSchema(
  'SubFieldWithdrawn',
  subFieldOf.extend({ withdrawnBy: z.string(), reason: z.enum(['owner_deleted']) }),
);

/** The game was cancelled: its time is free again. */
export const BookingCancelled = eventSchema(
  'BookingCancelled',
  subFieldOf.extend({ gameId: z.string(), cancelledBy: z.string() }),
);

// Weekly availability (issue #30): a set of windows made by one repeat, and a day the field closes.

const calendarDate = z.iso.date();

/**
 * The windows just added (AvailabilityAdded each, before this event) were made by one weekly repeat:
 * they form a set the owner can change or delete from a date on. The rule is kept as typed.
 */
export const AvailabilitySetAdded = eventSchema(
  'AvailabilitySetAdded',
  subFieldOf.extend({
    setId: z.string(),
    windowIds: z.array(z.string()),
    weekdays: z.array(z.number().int().min(1).max(7)),
    until: calendarDate,
    skipDates: z.array(calendarDate),
    /** The field's zone the times repeat in. */
    timeZone: z.string(),
    addedBy: z.string(),
  }),
);

/**
 * The owner closed the field for a day ('Closed on 25 Dec'): that day's windows were removed or cut
 * back by the events before this one; this records why, and in which zone the day was counted.
 */
export const AvailabilityDayClosed = eventSchema(
  'AvailabilityDayClosed',
  subFieldOf.extend({ date: calendarDate, timeZone: z.string(), closedBy: z.string() }),
);

export const AVAILABILITY_EVENTS = [
  AvailabilityAdded,
  AvailabilityChanged,
  AvailabilityRemoved,
  SubFieldClosed,
  SubFieldWithdrawn,
  SlotHeld,
  HoldReleased,
  SlotBooked,
  BookingCancelled,
  AvailabilitySetAdded,
  AvailabilityDayClosed,
] as const;

export type AvailabilityEvent = EventsOf<typeof AVAILABILITY_EVENTS>;

export const subFieldStream = (subFieldId: string) => `subfield-${subFieldId}`;

export const AVAILABILITY_EVENT_TYPES = typesOf(AVAILABILITY_EVENTS);

import { fieldDecider } from '../../domain/fields/decider';
import { fieldStream } from '../../domain/fields/events';
import { gameDecider } from '../../domain/games/decider';
import { gameStream, type GameDetails } from '../../domain/games/events';
import { DomainError } from '../../domain/decider';
import { rentalCentsFor } from '../../domain/availability/rules';
import { availabilityDecider } from '../../domain/availability/decider';
import type { SeriesRequest, SubFieldRef, VerifiedRentalPayment } from '../../domain/availability/commands/types';
import type { DraftAsSent } from '../../domain/availability/policies/held-draft';
import { NO_SUCH_SUBFIELD } from '../../domain/availability/messages';
import { subFieldStream, type AvailabilityEvent, type GameDraft } from '../../domain/availability/events';
import { MAX_SERIES_WEEKS } from '../../domain/availability/series';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import type { CommandDoor, CommandOrigin } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { StreamStateCache } from '../../infra/commands/stream-state-cache';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { laterCheckpoint, type LogCheckpoint } from '../../infra/eventstore/checkpoint';
import type { EventMetadata, EventStore } from '../../infra/eventstore/port';
import { stableId } from '../../infra/ids';
import { findHoldSubField, findSubField } from '../sub-fields';

/**
 * The booking process of the game loop (DESIGN §7): a paid hold becomes a booking on the sub-field's
 * stream, and the booking becomes a game on the game's stream. The organizer's add-game call, the payment's
 * webhook and the reactor that follows every booking all run these steps; each step is idempotent (the
 * game's id is derived from the hold's), so whichever comes first books and the others change nothing.
 */
export interface BookingProcessDependencies {
  /** The process's door for commands; its stream states let a step read only what changed since (see readCurrentState). */
  commands: CommandDoor;
  /** When the steps are decided, if not now by the door's clock (the demo data books in the past). */
  now?: () => Date;
}

const NO_SUCH_HOLD = 'There is no hold with this id. Pick the slot again.';

/**
 * Holds a run of half hours on a sub-field for the organizer while they pay, at the field's price as
 * it is now, read from the field's own stream: the hold quotes it and the payment must match it.
 */
export async function holdSlot(
  deps: BookingProcessDependencies,
  request: {
    subFieldId: string;
    startDate: Date;
    endDate: Date;
    holdMinutes: number;
    draft: GameDraft;
    /** The weeks keep the slot's time of day in the field's zone, whoever asks from wherever (issue #41). */
    series?: Omit<SeriesRequest, 'timeZone'> | undefined;
  },
  origin: CommandOrigin,
): Promise<{ held: Extract<AvailabilityEvent, { type: 'SlotHeld' }>['data']; position: LogCheckpoint | null }> {
  const { store, streamStates } = deps.commands;
  const subField = await findSubField({ store, streamStates }, request.subFieldId);
  if (!subField) throw new DomainError('not_found', 'subfield_not_found', NO_SUCH_SUBFIELD);
  const field = await currentState(store, fieldDecider, fieldStream(subField.fieldId), streamStates);
  // A withdrawn field (its owner's account was deleted) goes on to its sub-field's stream, which refuses it and says why.
  if (field.status === 'unknown' || field.status === 'deleted')
    throw new DomainError('not_found', 'subfield_not_found', NO_SUCH_SUBFIELD);
  const rentalCents = rentalCentsFor(
    field.details.pricePerHourCents,
    { start: request.startDate.getTime(), end: request.endDate.getTime() },
    field.policy,
  );
  const outcome = await deps.commands.run({
    decider: availabilityDecider,
    streamId: subFieldStream(subField.subFieldId),
    command: {
      type: 'HoldSlot',
      subField,
      startDate: request.startDate,
      endDate: request.endDate,
      rentalCents,
      holdMinutes: request.holdMinutes,
      draft: request.draft,
      series: request.series && { ...request.series, timeZone: field.timeZone },
    },
    ...origin,
  });
  const held = outcome.events.find((event) => event.type === 'SlotHeld');
  if (held?.type !== 'SlotHeld') throw new Error('HoldSlot decided no SlotHeld event');
  return { held: held.data, position: outcome.position };
}

/** Lets a held slot go before it expires, for the organizer who held it; says where the log shows it gone. */
export async function releaseHold(
  deps: BookingProcessDependencies,
  holdId: string,
  origin: CommandOrigin,
): Promise<LogCheckpoint | null> {
  const subField = await findHoldSubField(deps.commands, holdId);
  if (!subField) throw new DomainError('not_found', 'hold_not_found', NO_SUCH_HOLD);
  const outcome = await deps.commands.run({
    decider: availabilityDecider,
    streamId: subFieldStream(subField.subFieldId),
    command: { type: 'ReleaseHold', subField, holdId, reason: 'released' },
    ...origin,
  });
  return outcome.position;
}

/** One game per hold, whoever books it. */
export const gameIdForHold = (holdId: string) => stableId('game', holdId);

/**
 * The games of a series hold's later weeks (week 2 on; week 1 is gameIdForHold's), as many as a series
 * can have: derived from the hold, so the captain's page and the payment's webhook book the same ones.
 */
export const laterWeekGameIds = (holdId: string) =>
  Array.from({ length: MAX_SERIES_WEEKS - 1 }, (_, index) => stableId('game', holdId, `week-${index + 2}`));

type SlotBooked = Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'];

/**
 * The game a booking makes: the draft the organizer held, the booked times, and the field as it is now
 * (its name, address, place and cancellation window, read from the field's own stream).
 * `defaultCancellationWindowHours` applies to a field whose owner set no window of their own.
 */
export async function gameDetailsOfBooking(
  store: EventStore,
  booking: SlotBooked,
  defaultCancellationWindowHours: number,
  streamStates?: StreamStateCache,
): Promise<GameDetails> {
  const field = await currentState(store, fieldDecider, fieldStream(booking.fieldId), streamStates);
  if (field.status === 'unknown')
    throw new Error(`Booking ${booking.gameId} names field ${booking.fieldId}, which has no events`);
  const { details, coordinates, policy } = field;
  return {
    gameId: booking.gameId,
    name: booking.draft.name,
    organizerId: booking.organizerId,
    organizerUsername: booking.draft.organizerUsername,
    fieldId: booking.fieldId,
    fieldName: details.name,
    ownerId: booking.ownerId,
    subFieldId: booking.subFieldId,
    subFieldName: booking.subFieldName,
    location: `${details.address}, ${details.city}, ${details.zipCode}`,
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    startDate: booking.startDate,
    endDate: booking.endDate,
    maxPlayers: booking.draft.maxPlayers,
    priceCents: booking.draft.priceCents,
    picture: booking.draft.picture,
    cancellationWindowHours: policy.cancellationWindowHours ?? defaultCancellationWindowHours,
    // As the captain held it; a hold from before had none: an uncapped sideline and no minimum.
    sidelineSize: booking.draft.sidelineSize,
    minPlayers: booking.draft.minPlayers,
    decisionHours: booking.draft.decisionHours,
    ...(booking.draft.freeCancellationHours === undefined
      ? {}
      : { freeCancellationHours: booking.draft.freeCancellationHours }),
    series: booking.series,
    // Issue #45: as the organizer held it; a hold from before took no guests.
    guestsPerPlayer: booking.draft.guestsPerPlayer,
  };
}

/** Makes the game of a booking, once; says where the log shows the game (made now, or by another path before). */
export async function scheduleBookedGame(
  deps: BookingProcessDependencies,
  booking: SlotBooked,
  options: { cancellationWindowHours: number; metadata: EventMetadata },
): Promise<LogCheckpoint | null> {
  const details = await gameDetailsOfBooking(
    deps.commands.store,
    booking,
    options.cancellationWindowHours,
    deps.commands.streamStates,
  );
  const outcome = await deps.commands.run({
    decider: gameDecider,
    streamId: gameStream(booking.gameId),
    // Made once per booking: usually by the first step that gets here, onto a stream not there yet.
    likelyNew: true,
    command: { type: 'ScheduleGame', details, rentalPaymentId: booking.paymentId, rentalCents: booking.rentalCents },
    newId: () => booking.gameId,
    now: deps.now?.(),
    actorId: booking.organizerId,
    metadata: options.metadata,
  });
  if (!outcome.appended) return outcome.position;
  return laterCheckpoint(outcome.position, await withdrawIfOrganizerDeleted(deps, booking, options.metadata));
}

/**
 * A booking still in flight when its organizer's account was deleted (the payment's webhook books it
 * after the deletion's job listed the organizer's games) makes a game nobody runs: it is withdrawn at
 * once, everything paid refunded, as the deletion would have done.
 */
async function withdrawIfOrganizerDeleted(
  deps: BookingProcessDependencies,
  booking: SlotBooked,
  metadata: EventMetadata,
): Promise<LogCheckpoint | null> {
  const organizer = await currentState(
    deps.commands.store,
    userDecider,
    userStream(booking.organizerId),
    deps.commands.streamStates,
  );
  if (organizer.status !== 'deleted') return null;
  const withdrawn = await deps.commands.run({
    decider: gameDecider,
    streamId: gameStream(booking.gameId),
    command: { type: 'WithdrawGame', reason: 'organizer_deleted' },
    newId: () => booking.gameId,
    now: deps.now?.(),
    actorId: null,
    metadata,
  });
  return withdrawn.position;
}

/**
 * Books a held slot with its verified payment (or none for a free rental) and makes its game. `actorId`
 * is the organizer on their own call, null for the webhook (the payment itself proves who paid).
 */
export async function bookHeldSlot(
  deps: BookingProcessDependencies,
  request: {
    subField: SubFieldRef;
    holdId: string;
    payment: VerifiedRentalPayment | null;
    /** The organizer's add-game draft, checked against the hold's; none from the webhook. */
    draft?: DraftAsSent;
    actorId: string | null;
    cancellationWindowHours: number;
    metadata: EventMetadata;
  },
): Promise<{ gameId: string; gameIds: string[]; seriesId: string | null; position: LogCheckpoint | null }> {
  const gameId = gameIdForHold(request.holdId);
  const booked = await deps.commands.run({
    decider: availabilityDecider,
    streamId: subFieldStream(request.subField.subFieldId),
    command: {
      type: 'BookSlot',
      subField: request.subField,
      holdId: request.holdId,
      gameId,
      payment: request.payment,
      draft: request.draft,
      laterWeekGameIds: laterWeekGameIds(request.holdId),
    },
    newId: () => gameId,
    now: deps.now?.(),
    actorId: request.actorId,
    metadata: request.metadata,
  });
  // Booked now, or earlier by the other path: the games are made from the bookings as the stream
  // recorded them (one for a slot, one per week for a series).
  const ofThisHold = (event: { type: string }): event is Extract<AvailabilityEvent, { type: 'SlotBooked' }> =>
    event.type === 'SlotBooked' &&
    (event as Extract<AvailabilityEvent, { type: 'SlotBooked' }>).data.holdId === request.holdId;
  let bookings = booked.events.filter(ofThisHold).map((event) => event.data);
  if (bookings.length === 0)
    bookings = (await deps.commands.store.readStream(subFieldStream(request.subField.subFieldId)))
      .map(parseEvent)
      .filter(ofThisHold)
      .map((event) => event.data);
  if (!bookings.some((booking) => booking.gameId === gameId))
    throw new Error(
      `Hold ${request.holdId} was booked, but its SlotBooked event is not in ${subFieldStream(request.subField.subFieldId)}`,
    );
  // Where the caller sees every game of the hold, whichever path made them.
  let position = booked.position;
  for (const booking of bookings) {
    const scheduled = await scheduleBookedGame(deps, booking, {
      cancellationWindowHours: request.cancellationWindowHours,
      metadata: request.metadata,
    });
    position = laterCheckpoint(position, scheduled);
  }
  return {
    gameId,
    gameIds: bookings.map((booking) => booking.gameId),
    seriesId: bookings[0]!.series?.seriesId ?? null,
    position,
  };
}

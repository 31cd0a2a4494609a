import { fieldDecider } from '../../domain/fields/decider';
import { fieldStream } from '../../domain/fields/events';
import { gameDecider } from '../../domain/games/decider';
import { gameStream, type GameDetails } from '../../domain/games/events';
import {
  availabilityDecider,
  type DraftAsSent,
  type SubFieldRef,
  type VerifiedRentalPayment,
} from '../../domain/availability/decider';
import { subFieldStream, type AvailabilityEvent } from '../../domain/availability/events';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import { handleCommand } from '../commands/command-handler';
import { currentState } from '../commands/current-state';
import type { StreamStateCache } from '../commands/stream-state-cache';
import { parseEvent } from '../eventstore/schema-checked-event-store';
import type { AppendResult, EventMetadata, EventStore } from '../eventstore/port';
import { stableId } from '../ids';

/**
 * The booking process of the game loop (DESIGN §7): a paid hold becomes a booking on the sub-field's
 * stream, and the booking becomes a game on the game's stream. The captain's add-game call, the payment's
 * webhook and the reactor that follows every booking all run these steps; each step is idempotent (the
 * game's id is derived from the hold's), so whichever comes first books and the others change nothing.
 */
export interface BookingProcessDependencies {
  store: EventStore;
  now: () => Date;
  /** The streams' states this process knows, so a step reads only what changed since (see readCurrentState). */
  streamStates?: StreamStateCache;
}

/** One game per hold, whoever books it. */
export const gameIdForHold = (holdId: string) => stableId('game', holdId);

type SlotBooked = Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'];

/**
 * The game a booking makes: the draft the captain held, the booked times, and the field as it is now
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
  };
}

/** Makes the game of a booking, once. */
export async function scheduleBookedGame(
  deps: BookingProcessDependencies,
  booking: SlotBooked,
  options: { cancellationWindowHours: number; metadata: EventMetadata },
): Promise<AppendResult | null> {
  const details = await gameDetailsOfBooking(deps.store, booking, options.cancellationWindowHours, deps.streamStates);
  const outcome = await handleCommand({
    store: deps.store,
    cache: deps.streamStates,
    decider: gameDecider,
    streamId: gameStream(booking.gameId),
    // Made once per booking: usually by the first step that gets here, onto a stream not there yet.
    likelyNew: true,
    command: { type: 'ScheduleGame', details, rentalPaymentId: booking.paymentId, rentalCents: booking.rentalCents },
    context: { now: deps.now(), newId: () => booking.gameId, actorId: booking.organizerId },
    metadata: options.metadata,
  });
  if (outcome.appended) await withdrawIfOrganizerDeleted(deps, booking, options.metadata);
  return outcome.appended;
}

/**
 * A booking still in flight when its captain's account was deleted (the payment's webhook books it
 * after the deletion's job listed the captain's games) makes a game nobody runs: it is withdrawn at
 * once, everything paid refunded, as the deletion would have done.
 */
async function withdrawIfOrganizerDeleted(
  deps: BookingProcessDependencies,
  booking: SlotBooked,
  metadata: EventMetadata,
): Promise<void> {
  const organizer = await currentState(deps.store, userDecider, userStream(booking.organizerId), deps.streamStates);
  if (organizer.status !== 'deleted') return;
  await handleCommand({
    store: deps.store,
    cache: deps.streamStates,
    decider: gameDecider,
    streamId: gameStream(booking.gameId),
    command: { type: 'WithdrawGame', reason: 'organizer_deleted' },
    context: { now: deps.now(), newId: () => booking.gameId, actorId: null },
    metadata,
  });
}

/**
 * Books a held slot with its verified payment (or none for a free rental) and makes its game. `actorId`
 * is the captain on their own call, null for the webhook (the payment itself proves who paid).
 */
export async function bookHeldSlot(
  deps: BookingProcessDependencies,
  request: {
    subField: SubFieldRef;
    holdId: string;
    payment: VerifiedRentalPayment | null;
    /** The captain's add-game draft, checked against the hold's; none from the webhook. */
    draft?: DraftAsSent;
    actorId: string | null;
    cancellationWindowHours: number;
    metadata: EventMetadata;
  },
): Promise<{ gameId: string; appended: AppendResult | null }> {
  const gameId = gameIdForHold(request.holdId);
  const booked = await handleCommand({
    store: deps.store,
    cache: deps.streamStates,
    decider: availabilityDecider,
    streamId: subFieldStream(request.subField.subFieldId),
    command: {
      type: 'BookSlot',
      subField: request.subField,
      holdId: request.holdId,
      gameId,
      payment: request.payment,
      draft: request.draft,
    },
    context: { now: deps.now(), newId: () => gameId, actorId: request.actorId },
    metadata: request.metadata,
  });
  // Booked now, or earlier by the other path: the game is made from the booking as the stream recorded it.
  const isThisBooking = (event: { type: string }): event is Extract<AvailabilityEvent, { type: 'SlotBooked' }> =>
    event.type === 'SlotBooked' && (event as Extract<AvailabilityEvent, { type: 'SlotBooked' }>).data.gameId === gameId;
  const booking =
    booked.events.find(isThisBooking)?.data ??
    (await deps.store.readStream(subFieldStream(request.subField.subFieldId))).map(parseEvent).find(isThisBooking)
      ?.data;
  if (!booking)
    throw new Error(
      `Hold ${request.holdId} was booked, but its SlotBooked event is not in ${subFieldStream(request.subField.subFieldId)}`,
    );
  const scheduled = await scheduleBookedGame(deps, booking, {
    cancellationWindowHours: request.cancellationWindowHours,
    metadata: request.metadata,
  });
  return { gameId, appended: scheduled ?? booked.appended };
}

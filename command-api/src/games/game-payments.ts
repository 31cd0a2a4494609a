import type pg from 'pg';
import { DomainError } from '@playtime/shared/domain/decider';
import {
  entryPaymentsOf,
  ENTRY_HELD,
  gameDecider,
  paymentUsed,
  standingEntry,
  type VerifiedEntryPayment,
} from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import { availabilityDecider, type VerifiedRentalPayment } from '@playtime/shared/domain/availability/decider';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import { currentState, settledState } from '@playtime/shared/infra/commands/current-state';
import type { StreamStateCache } from '@playtime/shared/infra/commands/stream-state-cache';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { bookHeldSlot, gameIdForHold } from '@playtime/shared/infra/game-loop/booking';
import { ApiError } from '@playtime/shared/infra/http/errors';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Payment, PaymentProcessor, PaymentPurpose } from '@playtime/shared/infra/payments/port';
import type { PaymentPurposes } from '@playtime/shared/infra/payments/payment-events';
import type { Payments } from '@playtime/shared/infra/payments/setup';
import { findHoldSubField, findSubField, type ReadModelDependencies } from '../fields/read-model';

/**
 * What a game-loop payment buys and what its success does (DESIGN §7): a rental buys a held slot, an
 * entry a place in a game. The server prices both from the aggregates themselves; a payment counts only
 * when the processor says it succeeded, for exactly that purpose; a payment whose client vanished is
 * completed from its webhook; one that can no longer buy its purpose is refunded in full, once.
 */
export interface GamePaymentDependencies extends ReadModelDependencies {
  store: EventStore;
  pool: pg.Pool;
  processor: PaymentProcessor;
  /** Refunds through the processor and records the refund in the ledger (setUpPayments). */
  refund: Payments['refund'];
  now: () => Date;
  cancellationWindowHours: number;
  logger: Logger;
  streamStates?: StreamStateCache;
}

async function succeededPayment(processor: PaymentProcessor, paymentId: string): Promise<Payment> {
  const payment = await processor.retrievePayment(paymentId);
  if (!payment) throw new ApiError(404, 'payment_not_found', 'There is no payment with this id.');
  if (payment.status !== 'succeeded')
    throw new ApiError(409, 'payment_not_succeeded', 'This payment has not gone through. Pay first, then try again.');
  return payment;
}

export async function verifyRentalPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedRentalPayment> {
  const payment = await succeededPayment(processor, paymentId);
  if (payment.purpose.kind !== 'rental')
    throw new ApiError(422, 'payment_for_another_purpose', 'This payment was not made for a field rental.');
  return { paymentId, payerId: payment.payerId, amountCents: payment.amountCents, holdId: payment.purpose.holdId };
}

export async function verifyEntryPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedEntryPayment> {
  const payment = await succeededPayment(processor, paymentId);
  if (payment.purpose.kind !== 'entry')
    throw new ApiError(422, 'payment_for_another_purpose', "This payment was not made for a game's entry fee.");
  return { paymentId, payerId: payment.payerId, amountCents: payment.amountCents, gameId: payment.purpose.gameId };
}

/** Registers pricing and success handling of rentals and entries with the payments' purpose registry. */
export function registerGamePayments(purposes: PaymentPurposes, deps: GamePaymentDependencies): void {
  const refundInFull = async (payment: Payment, why: string) => {
    deps.logger.warn({ paymentId: payment.paymentId, why }, 'refunding a payment that can no longer buy its purpose');
    // Refunded in full already (a cancelled game refunds its entries itself): nothing more is owed.
    await deps.refund({ paymentId: payment.paymentId, idempotencyKey: `refund-unusable-${payment.paymentId}` });
  };
  const metadata = (payment: Payment) => ({
    userId: payment.payerId,
    correlationId: `payment-${payment.paymentId}`,
    causationId: null,
  });
  // A purpose that names its sub-field needs no wait for the bookings read model to learn a hold made
  // a moment ago; the sub-field's stream still decides whether the hold is there (a wrong one is refused).
  const subFieldOfRental = (purpose: Extract<PaymentPurpose, { kind: 'rental' }>) =>
    purpose.subFieldId ? findSubField(deps, purpose.subFieldId) : findHoldSubField(deps, purpose.holdId);

  purposes.priceWith('rental', async (purpose, payerId) => {
    const { holdId } = purpose;
    const subField = await subFieldOfRental(purpose);
    if (!subField) return null;
    const state = await currentState(
      deps.store,
      availabilityDecider,
      subFieldStream(subField.subFieldId),
      deps.streamStates,
    );
    const hold = state.holds.find((candidate) => candidate.holdId === holdId);
    // A withdrawn sub-field books nothing more: its holds are not sold, so no card is charged for them.
    if (!hold || hold.organizerId !== payerId || hold.status === 'booked' || state.withdrawn) return null;
    return {
      amountCents: hold.rentalCents,
      receiverId: subField.ownerId,
      purpose: { kind: 'rental', holdId, subFieldId: subField.subFieldId },
    };
  });

  purposes.priceWith('entry', async (purpose, payerId) => {
    const { gameId } = purpose;
    const game = await currentState(deps.store, gameDecider, gameStream(gameId), deps.streamStates);
    if (game.status !== 'scheduled' || deps.now().getTime() >= game.end) return null;
    if (game.participants.some((participant) => participant.playerId === payerId)) return null;
    if (standingEntry(game, payerId)) throw new DomainError('conflict', 'entry_held', ENTRY_HELD);
    // A player refunded once (removed, then allowed back) pays again with a new payment, not the refunded one.
    return {
      amountCents: game.details.priceCents,
      receiverId: game.details.organizerId,
      purpose,
      round: entryPaymentsOf(game, payerId),
    };
  });

  // The captain's page books the slot with add-game; this completes it when the page never came back.
  purposes.onPaymentSucceeded('rental', async (payment) => {
    // Usually the captain's page has made the game already: then there is nothing left to do, unless
    // the hold was booked with another payment (paid twice), which this one can no longer buy. A game
    // this process knows of settles that without a read: it keeps the payment it was booked with.
    const game = await settledState(
      deps.store,
      gameDecider,
      gameStream(gameIdForHold(payment.purpose.holdId)),
      (known) => known.status !== 'none',
      {
        cache: deps.streamStates,
      },
    );
    if (game.status !== 'none') {
      if (game.rentalPaymentId === payment.paymentId) return;
      return refundInFull(payment, 'the hold was booked with another payment');
    }
    const subField = await subFieldOfRental(payment.purpose);
    if (!subField) return refundInFull(payment, 'the held sub-field is gone');
    try {
      await bookHeldSlot(deps, {
        subField,
        holdId: payment.purpose.holdId,
        payment: {
          paymentId: payment.paymentId,
          payerId: payment.payerId,
          amountCents: payment.amountCents,
          holdId: payment.purpose.holdId,
        },
        actorId: null,
        cancellationWindowHours: deps.cancellationWindowHours,
        metadata: metadata(payment),
      });
    } catch (error) {
      // The hold expired and its time was taken meanwhile (or the sub-field closed): the money goes back.
      if (error instanceof DomainError) return refundInFull(payment, error.message);
      throw error;
    }
  });

  // The player's page joins with join-game; this joins them when the page never came back.
  purposes.onPaymentSucceeded('entry', async (payment) => {
    const { rows } = await deps.pool.query<{ username: string | null }>(
      'SELECT username FROM read.users WHERE user_id = $1',
      [payment.payerId],
    );
    try {
      await handleCommand({
        store: deps.store,
        cache: deps.streamStates,
        decider: gameDecider,
        streamId: gameStream(payment.purpose.gameId),
        command: {
          type: 'JoinGame',
          playerId: payment.payerId,
          username: rows[0]?.username ?? '',
          team: 0,
          payment: {
            paymentId: payment.paymentId,
            payerId: payment.payerId,
            amountCents: payment.amountCents,
            gameId: payment.purpose.gameId,
          },
        },
        context: { now: deps.now(), newId: () => payment.paymentId, actorId: payment.payerId },
        metadata: metadata(payment),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A payment that bought a membership already (the player's own call came first) owes nothing back,
      // even once the game is cancelled: the cancellation refunds it. Anything else could not buy a place.
      const game = await currentState(deps.store, gameDecider, gameStream(payment.purpose.gameId), deps.streamStates);
      if (game.status !== 'none' && paymentUsed(game, payment.paymentId)) return;
      return refundInFull(payment, error.message);
    }
  });
}

import { DomainError } from '../../domain/decider';
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import { availabilityDecider } from '../../domain/availability/decider';
import { subFieldStream } from '../../domain/availability/events';
import { currentState, settledState } from '../../infra/commands/current-state';
import type { PaymentFor, PricedPurpose, Purpose, PurposeContext, PurposeOf } from '../payments/purposes';
import { verified } from '../payments/verified-payment';
import { findHoldSubField, findSubField } from '../sub-fields';
import { bookHeldSlot, gameIdForHold } from './booking';

/**
 * A rental payment (DESIGN §7): priced from the hold on its sub-field's stream, paid to the field's
 * owner; its success books the held slot and makes its game, when the organizer's page did not.
 */
export function rentalPurpose(context: PurposeContext): Purpose<'rental'> {
  const { commands, refundInFull, metadata } = context;
  // A purpose that names its sub-field needs no lookup of the hold; the sub-field's stream still decides whether the hold is there (a wrong one is refused).
  const subFieldOfRental = (purpose: PurposeOf<'rental'>) =>
    purpose.subFieldId ? findSubField(commands, purpose.subFieldId) : findHoldSubField(commands, purpose.holdId);

  async function priceRental(purpose: PurposeOf<'rental'>, payerId: string): Promise<PricedPurpose | null> {
    const { holdId } = purpose;
    const subField = await subFieldOfRental(purpose);
    if (!subField) return null;
    const state = await currentState(
      commands.store,
      availabilityDecider,
      subFieldStream(subField.subFieldId),
      commands.streamStates,
    );
    const hold = state.holds.find((candidate) => candidate.holdId === holdId);
    // A withdrawn sub-field books nothing more: its holds are not sold, so no card is charged for them.
    if (!hold || hold.organizerId !== payerId || hold.status === 'booked' || state.withdrawn) return null;
    return {
      amountCents: hold.rentalCents,
      receiverId: subField.ownerId,
      purpose: { kind: 'rental', holdId, subFieldId: subField.subFieldId },
    };
  }

  // The organizer's page books the slot with add-game; this completes it when the page never came back.
  async function rentalSucceeded(payment: PaymentFor<'rental'>): Promise<void> {
    // Usually the organizer's page has made the game already: then there is nothing left to do, unless
    // the hold was booked with another payment (paid twice), which this one can no longer buy. A game
    // this process knows of settles that without a read: it keeps the payment it was booked with.
    const game = await settledState(
      commands.store,
      gameDecider,
      gameStream(gameIdForHold(payment.purpose.holdId)),
      (known) => known.status !== 'none',
      {
        cache: commands.streamStates,
      },
    );
    if (game.status !== 'none') {
      if (game.rentalPaymentId === payment.paymentId) return;
      return refundInFull(payment, 'the hold was booked with another payment');
    }
    const subField = await subFieldOfRental(payment.purpose);
    if (!subField) return refundInFull(payment, 'the held sub-field is gone');
    try {
      await bookHeldSlot(context, {
        subField,
        holdId: payment.purpose.holdId,
        payment: verified(payment),
        actorId: null,
        cancellationWindowHours: context.cancellationWindowHours,
        metadata: metadata(payment),
      });
    } catch (error) {
      // The hold expired and its time was taken meanwhile (or the sub-field closed): the money goes back.
      if (error instanceof DomainError) return refundInFull(payment, error.message);
      throw error;
    }
  }

  return { price: priceRental, succeeded: rentalSucceeded };
}

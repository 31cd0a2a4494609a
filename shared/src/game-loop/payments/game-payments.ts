import { DomainError } from '../../domain/decider';
import { gameDecider } from '../../domain/games/decider';
import type { VerifiedEntryPayment } from '../../domain/games/commands/game-command';
import { ENTRY_HELD, NO_PLACE_TO_PAY_FOR } from '../../domain/games/messages';
import { refuseUnlessOpenToJoin } from '../../domain/games/policies/regulars-first';
import { entryCheckoutAllowed, entryPaymentsOf, paymentUsed, standingEntry } from '../../domain/games/queries';
import { gameStream } from '../../domain/games/events';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import { availabilityDecider } from '../../domain/availability/decider';
import type { VerifiedRentalPayment } from '../../domain/availability/commands/types';
import { subFieldStream } from '../../domain/availability/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState, settledState } from '../../infra/commands/current-state';
import { ApiError } from '../../infra/http/errors';
import type { Logger } from '../../infra/logging';
import type { Payment, PaymentProcessor, PaymentPurpose, RefundInput } from '../../infra/payments/port';
import { bookHeldSlot, gameIdForHold } from '../book-held-slot/booking';
import type { PaymentPurposes, PricedPurpose, PurposeKind, PurposeOf } from './purposes';
import { findHoldSubField, findSubField } from '../sub-fields';

/**
 * What a game-loop payment buys and what its fate does (DESIGN §7), the two purposes side by side:
 *
 * | purpose | price                        | succeeded                                  | failed  | refunded         |
 * |---------|------------------------------|--------------------------------------------|---------|------------------|
 * | rental  | the hold's rental, to owner  | books the held slot and makes its game     | nothing | the ledger alone |
 * | entry   | the game's price, to organizer | joins the payer to the game              | nothing | the ledger alone |
 *
 * The server prices both from the aggregates themselves; a payment counts only when the processor
 * says it succeeded, for exactly that purpose. The organizer's and the player's own pages book and
 * join first, with the calls below; a success completes what a page that never came back left
 * undone. A payment that can no longer buy its purpose is refunded in full, once. A declined payment
 * buys nothing and needs nothing undone (a hold expires by itself), and a refund changes nothing the
 * purpose bought (cancelling and removing refund on their own): the ledger records both.
 */
export interface GamePaymentDependencies {
  commands: CommandDoor;
  /** Refunds through the processor and records the refund in the ledger (setUpPayments). */
  refund: (input: RefundInput) => Promise<boolean>;
  cancellationWindowHours: number;
  logger: Logger;
}

type PaymentFor<Kind extends PaymentPurpose['kind']> = Payment & { purpose: PurposeOf<Kind> };

/** How a payment made for another purpose than the call's is refused. */
const ANOTHER_PURPOSE: Record<PurposeKind, string> = {
  rental: 'This payment was not made for a field rental.',
  entry: "This payment was not made for a game's entry fee.",
};

/** The payment, succeeded, for a purpose of this kind; otherwise a 4xx ApiError a person can act on. */
async function succeededPaymentFor<Kind extends PurposeKind>(
  processor: PaymentProcessor,
  paymentId: string,
  kind: Kind,
): Promise<PaymentFor<Kind>> {
  const payment = await processor.retrievePayment(paymentId);
  if (!payment) throw new ApiError(404, 'payment_not_found', 'There is no payment with this id.');
  if (payment.status !== 'succeeded')
    throw new ApiError(409, 'payment_not_succeeded', 'This payment has not gone through. Pay first, then try again.');
  if (payment.purpose.kind !== kind) throw new ApiError(422, 'payment_for_another_purpose', ANOTHER_PURPOSE[kind]);
  return payment as PaymentFor<Kind>;
}

/** A succeeded payment as a decider takes it: who paid how much, for which hold or game. */
function verified(payment: PaymentFor<'rental'>): VerifiedRentalPayment;
function verified(payment: PaymentFor<'entry'>): VerifiedEntryPayment;
function verified({ paymentId, payerId, amountCents, purpose }: PaymentFor<PurposeKind>) {
  return purpose.kind === 'rental'
    ? { paymentId, payerId, amountCents, holdId: purpose.holdId }
    : { paymentId, payerId, amountCents, gameId: purpose.gameId };
}

/** A rental payment as add-game may book with it: succeeded, for a rental. */
export async function verifyRentalPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedRentalPayment> {
  return verified(await succeededPaymentFor(processor, paymentId, 'rental'));
}

/** An entry payment as join-game may join with it: succeeded, for an entry. */
export async function verifyEntryPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedEntryPayment> {
  return verified(await succeededPaymentFor(processor, paymentId, 'entry'));
}

/** The rental and entry purposes, for the webhook inbox, reconciliation and checkout. */
export function gamePaymentPurposes(deps: GamePaymentDependencies): PaymentPurposes {
  const { commands } = deps;
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

  async function priceEntry(
    purpose: PurposeOf<'entry'>,
    payerId: string,
    timeZone?: string,
  ): Promise<PricedPurpose | null> {
    const game = await currentState(commands.store, gameDecider, gameStream(purpose.gameId), commands.streamStates);
    if (game.status !== 'scheduled' || commands.now().getTime() >= game.end) return null;
    if (game.participants.some((participant) => participant.playerId === payerId)) return null;
    if (standingEntry(game, payerId)) throw new DomainError('conflict', 'entry_held', ENTRY_HELD);
    // Nobody pays for a series week they may not join yet: before last week's end, or outside its regulars.
    refuseUnlessOpenToJoin(game, payerId, commands.now().getTime(), timeZone);
    // Nobody pays for a place they cannot have: in a full game, only the holder of a standing offer.
    if (!entryCheckoutAllowed(game, payerId, commands.now()))
      throw new DomainError('conflict', 'game_full', NO_PLACE_TO_PAY_FOR);
    // A player refunded once (removed, then allowed back) pays again with a new payment, not the refunded one.
    return {
      amountCents: game.details.priceCents,
      receiverId: game.details.organizerId,
      purpose,
      round: entryPaymentsOf(game, payerId),
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
      await bookHeldSlot(deps, {
        subField,
        holdId: payment.purpose.holdId,
        payment: verified(payment),
        actorId: null,
        cancellationWindowHours: deps.cancellationWindowHours,
        metadata: metadata(payment),
      });
    } catch (error) {
      // The hold expired and its time was taken meanwhile (or the sub-field closed): the money goes back.
      if (error instanceof DomainError) return refundInFull(payment, error.message);
      throw error;
    }
  }

  /**
   * A join its payment's webhook makes after the payer's account was deleted (and the deletion's job
   * found no game of theirs) is taken back at once, the entry refunded, as the deletion would have done
   * (issue #41). Read after the join's append: a deletion after this read finds the join in the log.
   */
  async function withdrawIfPayerDeleted(payment: PaymentFor<'entry'>): Promise<void> {
    const payer = await currentState(commands.store, userDecider, userStream(payment.payerId), commands.streamStates);
    if (payer.status !== 'deleted') return;
    await commands.run({
      decider: gameDecider,
      streamId: gameStream(payment.purpose.gameId),
      command: { type: 'WithdrawPlayer', playerId: payment.payerId, reason: 'account_deleted' },
      actorId: null,
      metadata: metadata(payment),
    });
  }

  // The player's page joins with join-game; this joins them when the page never came back.
  async function entrySucceeded(payment: PaymentFor<'entry'>): Promise<void> {
    // The payer's own stream names them (a username never changes once claimed): no read model is read.
    const payer = await currentState(commands.store, userDecider, userStream(payment.payerId), commands.streamStates);
    try {
      await commands.run({
        decider: gameDecider,
        streamId: gameStream(payment.purpose.gameId),
        command: {
          type: 'JoinGame',
          playerId: payment.payerId,
          username: payer.status === 'unknown' ? '' : payer.username,
          team: 0,
          payment: verified(payment),
        },
        newId: () => payment.paymentId,
        actorId: payment.payerId,
        metadata: metadata(payment),
      });
      await withdrawIfPayerDeleted(payment);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A payment that bought a membership already (the player's own call came first) owes nothing back,
      // even once the game is cancelled: the cancellation refunds it. Anything else could not buy a place.
      const game = await currentState(
        commands.store,
        gameDecider,
        gameStream(payment.purpose.gameId),
        commands.streamStates,
      );
      if (game.status !== 'none' && paymentUsed(game, payment.paymentId)) return;
      return refundInFull(payment, error.message);
    }
  }

  return {
    price(purpose, payerId, timeZone) {
      switch (purpose.kind) {
        case 'rental':
          return priceRental(purpose, payerId);
        case 'entry':
          return priceEntry(purpose, payerId, timeZone);
      }
    },
    async paymentSucceeded(payment) {
      const { purpose } = payment;
      switch (purpose.kind) {
        case 'rental':
          return rentalSucceeded({ ...payment, purpose });
        case 'entry':
          return entrySucceeded({ ...payment, purpose });
      }
    },
    async paymentFailed() {
      // Nothing was bought: a rental's hold expires by itself, an entry was never taken.
    },
  };
}

import type { VerifiedEntryPayment } from '../../domain/games/commands/game-command';
import type { VerifiedRentalPayment } from '../../domain/availability/commands/types';
import { ApiError } from '../../infra/http/errors';
import type { PaymentProcessor } from '../../infra/payments/port';
import type { PaymentFor, PurposeKind } from './purposes';

/**
 * A payment as a command takes it: succeeded with the processor, for the purpose the call is for. The
 * organizer's add-game and the player's join-game verify theirs here; a payment's webhook passes its own.
 */
/** How a payment made for another purpose than the call's is refused. */
const ANOTHER_PURPOSE: Record<PurposeKind, string> = {
  rental: 'This payment was not made for a field rental.',
  entry: "This payment was not made for a game's entry fee.",
};

/**
 * The payment, succeeded, for a purpose of this kind; otherwise a 4xx ApiError a person can act on. An
 * entry may also be only authorized (`requires_capture`, issue #45): it is held until the game is on.
 */
async function succeededPaymentFor<Kind extends PurposeKind>(
  processor: PaymentProcessor,
  paymentId: string,
  kind: Kind,
): Promise<PaymentFor<Kind>> {
  const payment = await processor.retrievePayment(paymentId);
  if (!payment) throw new ApiError(404, 'payment_not_found', 'There is no payment with this id.');
  const paying = payment.status === 'succeeded' || (kind === 'entry' && payment.status === 'requires_capture');
  if (!paying)
    throw new ApiError(409, 'payment_not_succeeded', 'This payment has not gone through. Pay first, then try again.');
  if (payment.purpose.kind !== kind) throw new ApiError(422, 'payment_for_another_purpose', ANOTHER_PURPOSE[kind]);
  return payment as PaymentFor<Kind>;
}

/** A succeeded payment as a decider takes it: who paid how much, for which hold or game. */
export function verified(payment: PaymentFor<'rental'>): VerifiedRentalPayment;
export function verified(payment: PaymentFor<'entry'>): VerifiedEntryPayment;
export function verified({
  paymentId,
  payerId,
  amountCents,
  purpose,
  status,
}: PaymentFor<PurposeKind>): VerifiedRentalPayment | VerifiedEntryPayment {
  return purpose.kind === 'rental'
    ? { paymentId, payerId, amountCents, holdId: purpose.holdId }
    : {
        ...{ paymentId, payerId, amountCents, gameId: purpose.gameId },
        // Issue #45: the guests the entry was priced for, and their names for a join the webhook makes.
        ...{ guests: purpose.guests ?? 0, guestNames: purpose.guestNames ?? [] },
        // Issue #45: an entry only authorized joins as held, charged when the game is on.
        ...(status === 'requires_capture' ? { held: true } : {}),
      };
}

/** A rental payment as add-game may book with it: succeeded, for a rental. */
export async function verifyRentalPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedRentalPayment> {
  return verified(await succeededPaymentFor(processor, paymentId, 'rental'));
}

/** An entry payment as join-game may join with it: succeeded (or, issue #45, authorized), for an entry. */
export async function verifyEntryPayment(
  processor: PaymentProcessor,
  paymentId: string,
): Promise<VerifiedEntryPayment> {
  return verified(await succeededPaymentFor(processor, paymentId, 'entry'));
}

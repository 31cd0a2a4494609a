import { DomainError } from '../../decider';
import { formatDollars } from '../../money';
import type { VerifiedRentalPayment } from '../commands/types';
import type { KnownHold } from '../state';

/**
 * A booking is paid for exactly: a verified payment of the hold's price, by the organizer who held it,
 * for this hold (a rental that costs nothing needs none). The hold is booked once, so the payment is used once.
 */
export function refuseBadRentalPayment(
  hold: KnownHold,
  payment: VerifiedRentalPayment | null,
  actorId: string | null,
): void {
  if (actorId !== null && actorId !== hold.organizerId)
    throw new DomainError('forbidden', 'not_your_hold', 'This slot is held by another captain.');
  if (hold.rentalCents === 0) return;
  if (payment === null)
    throw new DomainError(
      'invalid',
      'payment_required',
      `Pay the rental of ${formatDollars(hold.rentalCents)} to book this slot.`,
    );
  if (payment.holdId !== hold.holdId)
    throw new DomainError('invalid', 'payment_for_another_slot', 'This payment was made for another slot.');
  if (payment.payerId !== hold.organizerId)
    throw new DomainError('forbidden', 'not_your_payment', 'This payment was made by someone else.');
  if (payment.amountCents !== hold.rentalCents) {
    throw new DomainError(
      'invalid',
      'payment_amount',
      `This payment does not match the rental of ${formatDollars(hold.rentalCents)}.`,
    );
  }
}

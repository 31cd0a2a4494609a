import type { CommandDoor } from '../../infra/commands/command-door';
import type { NoShowBan } from '../../domain/users/reliability';
import type { Logger } from '../../infra/logging';
import type { Payment, RefundInput } from '../../infra/payments/port';
import { rentalPurpose } from '../book-held-slot/rental-payment';
import { entryPurpose } from '../join-with-payment/entry-payment';
import type { PaymentPurposes, PurposeContext } from './purposes';

/**
 * What a game-loop payment buys and what its fate does (DESIGN §7), the two purposes side by side:
 *
 * | purpose | price                          | succeeded                              | failed                 | refunded         |
 * |---------|--------------------------------|----------------------------------------|------------------------|------------------|
 * | rental  | the hold's rental, to owner    | books the held slot and makes its game | nothing                | the ledger alone |
 * | entry   | the game's price, to organizer | joins the payer to the game            | credit beside it back¹ | the ledger alone |
 *
 * ¹ Credit spent beside the card part comes back once its return is due (UNUSED_CREDIT_RETURN_MINUTES).
 *
 * The server prices both from the aggregates themselves; a payment counts only when the processor
 * says it succeeded, for exactly that purpose. The organizer's and the player's own pages book and
 * join first, with the calls below; a success completes what a page that never came back left
 * undone. A payment that can no longer buy its purpose is refunded in full, once. A declined payment
 * buys nothing and needs nothing undone (a hold expires by itself), and a refund changes nothing the
 * purpose bought (cancelling and removing refund on their own): the ledger records both. Each purpose
 * is written out in its use case's folder: book-held-slot/rental-payment.ts, join-with-payment/entry-payment.ts.
 */
export interface GamePaymentDependencies {
  commands: CommandDoor;
  /** Refunds through the processor and records the refund in the ledger (setUpPayments). */
  refund: (input: RefundInput) => Promise<boolean>;
  cancellationWindowHours: number;
  /**
   * Issue #45: a failed card part whose credit's return was due already gives that credit back
   * (returnCreditOfFailedCard).
   */
  returnCreditOfFailedCard: (payment: Payment) => Promise<unknown>;
  /** Issue #44: NO_SHOW_BAN_* (the ban's defaults when absent). */
  noShowBan?: NoShowBan;
  logger: Logger;
}

/** The rental and entry purposes, for the webhook inbox, reconciliation and checkout. */
export function gamePaymentPurposes(deps: GamePaymentDependencies): PaymentPurposes {
  const context: PurposeContext = {
    commands: deps.commands,
    cancellationWindowHours: deps.cancellationWindowHours,
    noShowBan: deps.noShowBan,
    async refundInFull(payment: Payment, why: string) {
      deps.logger.warn({ paymentId: payment.paymentId, why }, 'refunding a payment that can no longer buy its purpose');
      // Refunded in full already (a cancelled game refunds its entries itself): nothing more is owed. One
      // only authorized (issue #45) is released instead (deps.refund does).
      await deps.refund({ paymentId: payment.paymentId, idempotencyKey: `refund-unusable-${payment.paymentId}` });
    },
    metadata: (payment: Payment) => ({
      userId: payment.payerId,
      correlationId: `payment-${payment.paymentId}`,
      causationId: null,
    }),
  };
  const rental = rentalPurpose(context);
  const entry = entryPurpose(context);
  return {
    price(purpose, payerId, timeZone) {
      switch (purpose.kind) {
        case 'rental':
          return rental.price(purpose, payerId);
        case 'entry':
          return entry.price(purpose, payerId, timeZone);
      }
    },
    async paymentSucceeded(payment) {
      const { purpose } = payment;
      switch (purpose.kind) {
        case 'rental':
          return rental.succeeded({ ...payment, purpose });
        case 'entry':
          return entry.succeeded({ ...payment, purpose });
      }
    },
    async paymentFailed(payment) {
      // Nothing was bought: a rental's hold expires by itself, an entry was never taken. Credit spent
      // beside an entry's card part comes back, once its return is due.
      await deps.returnCreditOfFailedCard(payment);
    },
    async paymentAuthorized(payment) {
      // Issue #45: only an entry is ever held; it joins as held, as a charged one joins.
      const { purpose } = payment;
      if (purpose.kind === 'entry') return entry.succeeded({ ...payment, purpose });
    },
  };
}

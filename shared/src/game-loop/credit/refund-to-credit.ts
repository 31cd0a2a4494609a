import { creditDecider } from '../../domain/ledger/credit-decider';
import { creditStream, type CreditGrantReason } from '../../domain/ledger/credit-events';
import { ledgerDecider } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import type { CommandDoor } from '../../infra/commands/command-door';

/** Where a refund goes when not to the card: the payer's credit, and why (the wallet lists it). */
export interface ToCredit {
  reason: CreditGrantReason;
  gameId: string | null;
}

export interface CreditRefund {
  paymentId: string;
  /** The refund's key: the ledger's refund id and the credit grant's key, so it happens once. */
  key: string;
  reason: CreditGrantReason;
  gameId: string | null;
}

/**
 * Issue #45: what is left of a payment goes back to its payer as Playtime credit, at once: the ledger's
 * payment stream records it (never more than was paid), then the payer's credit account grants it.
 * Both steps are idempotent by the key, so a job that stopped between them completes on its retry.
 * `recordPayment` makes sure a card payment whose webhook has not landed yet is in the ledger first.
 */
export async function refundToCredit(
  commands: CommandDoor,
  refund: CreditRefund,
  recordPayment: (paymentId: string) => Promise<void>,
): Promise<number> {
  const metadata = { userId: null, correlationId: refund.key, causationId: null };
  await recordPayment(refund.paymentId);
  await commands.run({
    decider: ledgerDecider,
    streamId: ledgerStream(refund.paymentId),
    command: { type: 'RecordCreditRefund', paymentId: refund.paymentId, refundId: refund.key, amountCents: null },
    actorId: null,
    metadata,
  });
  const events = await commands.store.readStream(ledgerStream(refund.paymentId));
  const credited = events.find(
    (event) => event.type === 'RefundedToCredit' && (event.data as { refundId: string }).refundId === refund.key,
  );
  if (!credited) return 0; // Nothing was left of the payment to give back.
  const { payerId, amountCents } = credited.data as { payerId: string; amountCents: number };
  await commands.run({
    decider: creditDecider,
    streamId: creditStream(payerId),
    command: {
      type: 'GrantCredit',
      userId: payerId,
      amountCents,
      reason: refund.reason,
      fromPaymentId: refund.paymentId,
      gameId: refund.gameId,
      key: refund.key,
    },
    actorId: null,
    metadata,
    maxAttempts: 50,
  });
  return amountCents;
}

/**
 * Issue #45: reconciliation's check of Playtime credit. Credit is what Playtime owes a user, so every
 * grant must be a refund the ledger recorded as credit (RefundedToCredit on its payment's stream, same
 * key and amount: a refund to credit, a refilled place, or credit a checkout spent and nothing used
 * coming back), every spend must have paid a payment the ledger received (a `credit_…` payment, or a
 * card payment's credit part, same amount), and the balance never goes below zero.
 */
import { creditStream, type CreditEvent } from '../../domain/ledger/credit-events';
import type { Difference } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port';
import { ledgerPaymentOfCredit } from './credit-payments';

const dataOf = <Data>(events: StoredEvent[], type: string) =>
  events.filter((event) => event.type === type).map((event) => event.data as Data);

/** One thing wrong with a credit account: on which ledger payment, what credit says and what the ledger says. */
export interface CreditFinding {
  kind: 'credit_without_refund' | 'credit_spend_unpaid' | 'credit_below_zero';
  /** The ledger payment the finding is about (a grant's refunded payment, a spend's paid one). */
  paymentId: string;
  /** What the credit account says (the grant's or the spend's amount; for a balance below zero, how far below). */
  creditCents: number;
  /** What the ledger says of the same (null: nothing). */
  ledgerCents: number | null;
  /** When the grant or spend it is about happened: a spend just made is recorded in the ledger a moment later. */
  at: string;
  /** In words an admin can act on. */
  message: string;
}

/** What is wrong with one user's credit account; empty when it balances. */
export async function creditFindingsOf(store: EventStore, userId: string): Promise<CreditFinding[]> {
  const account = (await store.readStream(creditStream(userId))).map(
    (stored) => ({ type: stored.type, data: stored.data }) as CreditEvent,
  );
  const findings: CreditFinding[] = [];
  let balance = 0;
  for (const event of account) {
    if (event.type === 'CreditGranted') {
      balance += event.data.amountCents;
      const refunds = dataOf<{ refundId: string; amountCents: number }>(
        await store.readStream(ledgerStream(event.data.fromPaymentId)),
        'RefundedToCredit',
      );
      const refund = refunds.find((one) => one.refundId === event.data.key);
      if (!refund || refund.amountCents !== event.data.amountCents)
        findings.push({
          kind: 'credit_without_refund',
          paymentId: event.data.fromPaymentId,
          creditCents: event.data.amountCents,
          ledgerCents: refund?.amountCents ?? null,
          at: event.data.at,
          message: `Credit of ${event.data.amountCents} cents granted to ${userId} (${event.data.key}) has no matching refund as credit on payment ${event.data.fromPaymentId}.`,
        });
    } else {
      balance -= event.data.amountCents;
      const paid = ledgerPaymentOfCredit(event.data.paymentId);
      const received = dataOf<{ amountCents: number }>(await store.readStream(ledgerStream(paid)), 'PaymentReceived');
      if (received[0]?.amountCents !== event.data.amountCents)
        findings.push({
          kind: 'credit_spend_unpaid',
          paymentId: paid,
          creditCents: event.data.amountCents,
          ledgerCents: received[0]?.amountCents ?? null,
          at: event.data.at,
          message: `Credit of ${event.data.amountCents} cents spent by ${userId} on ${event.data.paymentId} paid no payment the ledger received.`,
        });
      if (balance < 0)
        findings.push({
          kind: 'credit_below_zero',
          paymentId: paid,
          creditCents: -balance,
          ledgerCents: null,
          at: event.data.at,
          message: `The credit of ${userId} went below zero (${balance} cents).`,
        });
    }
  }
  return findings;
}

/** What is wrong with one user's credit account, in words an admin can act on; empty when it balances. */
export async function creditDifferencesOf(store: EventStore, userId: string): Promise<string[]> {
  return (await creditFindingsOf(store, userId)).map((finding) => finding.message);
}

/**
 * A credit finding as reconciliation records it, beside the processor's differences (the System tab
 * lists it): the processor knows nothing of credit, so its side says what the credit account says.
 */
export const creditDifference = (userId: string, finding: CreditFinding): Difference => ({
  paymentId: finding.paymentId,
  receiverId: '',
  payerId: userId,
  kind: finding.kind,
  processorStatus: 'credit',
  processorAmountCents: finding.creditCents,
  processorRefundedCents: 0,
  ledgerAmountCents: finding.ledgerCents,
  ledgerRefundedCents: 0,
  resolution: 'needs_attention',
});

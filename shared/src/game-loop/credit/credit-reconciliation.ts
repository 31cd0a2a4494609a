/**
 * Issue #45: reconciliation's check of Playtime credit. Credit is what Playtime owes a user, so every
 * grant must be a refund the ledger recorded as credit (RefundedToCredit on its payment's stream, same
 * key and amount), every spend must have paid a payment the ledger received (a `credit_…` payment, or a
 * card payment's credit part, same amount), and the balance never goes below zero.
 */
import { creditStream, type CreditEvent } from '../../domain/ledger/credit-events';
import { ledgerStream } from '../../domain/ledger/events';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port';
import { creditPartOf, isCreditPayment } from './credit-payments';

const dataOf = <Data>(events: StoredEvent[], type: string) =>
  events.filter((event) => event.type === type).map((event) => event.data as Data);

/** What is wrong with one user's credit account, in words an admin can act on; empty when it balances. */
export async function creditDifferencesOf(store: EventStore, userId: string): Promise<string[]> {
  const account = (await store.readStream(creditStream(userId))).map(
    (stored) => ({ type: stored.type, data: stored.data }) as CreditEvent,
  );
  const differences: string[] = [];
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
        differences.push(
          `Credit of ${event.data.amountCents} cents granted to ${userId} (${event.data.key}) has no matching refund as credit on payment ${event.data.fromPaymentId}.`,
        );
    } else {
      balance -= event.data.amountCents;
      const paid = isCreditPayment(event.data.paymentId) ? event.data.paymentId : creditPartOf(event.data.paymentId);
      const received = dataOf<{ amountCents: number }>(await store.readStream(ledgerStream(paid)), 'PaymentReceived');
      if (received[0]?.amountCents !== event.data.amountCents)
        differences.push(
          `Credit of ${event.data.amountCents} cents spent by ${userId} on ${event.data.paymentId} paid no payment the ledger received.`,
        );
    }
    if (balance < 0) differences.push(`The credit of ${userId} went below zero (${balance} cents).`);
  }
  return differences;
}

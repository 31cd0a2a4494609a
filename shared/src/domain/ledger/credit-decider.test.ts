import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { creditDecider, type CreditCommand } from './credit-decider';
import type { CreditEvent } from './credit-events';
import { ledgerDecider } from './decider';
import type { LedgerEvent } from './events';

const AT = testContext().now.toISOString();
const grant = (key: string, amountCents = 500): CreditCommand => ({
  type: 'GrantCredit',
  userId: 'u1',
  amountCents,
  reason: 'left_in_free_window',
  fromPaymentId: 'pay-1',
  gameId: 'g1',
  key,
});
const granted = (key: string, amountCents = 500): CreditEvent => ({
  type: 'CreditGranted',
  data: { userId: 'u1', amountCents, reason: 'left_in_free_window', fromPaymentId: 'pay-1', gameId: 'g1', key, at: AT },
});
const spend = (paymentId: string, amountCents: number): CreditCommand => ({
  type: 'SpendCredit',
  userId: 'u1',
  amountCents,
  paymentId,
  gameId: 'g2',
});
const spent = (paymentId: string, amountCents: number): CreditEvent => ({
  type: 'CreditSpent',
  data: { userId: 'u1', amountCents, paymentId, gameId: 'g2', at: AT },
});

describe('Playtime credit (issue #45)', () => {
  it('grants a refund as credit once per key', () => {
    given(creditDecider, [])
      .when(grant('k1'))
      .then([granted('k1')]);
    given(creditDecider, [granted('k1')])
      .when(grant('k1'))
      .then([]);
  });

  it('spends no more than the balance, once per payment', () => {
    given(creditDecider, [granted('k1')])
      .when(spend('credit_a', 500))
      .then([spent('credit_a', 500)]);
    given(creditDecider, [granted('k1'), spent('credit_a', 500)])
      .when(spend('credit_a', 500))
      .then([]);
    given(creditDecider, [granted('k1'), spent('credit_a', 500)])
      .when(spend('credit_b', 100))
      .thenRefused('credit_spent', /\$0\.00, less than \$1\.00/);
    const state = fold(creditDecider, [granted('k1'), spent('pi_card', 200)]);
    expect(state).toMatchObject({
      balanceCents: 300,
      spentBy: { pi_card: { amountCents: 200, gameId: 'g2', at: AT } },
    });
  });

  it('gives back credit a checkout spent and nothing used, once (issue #45: checkout_unused)', () => {
    const back = { ...grant('unused-credit_a', 500), reason: 'checkout_unused' as const, fromPaymentId: 'credit_a' };
    const returned: CreditEvent = {
      type: 'CreditGranted',
      data: {
        ...{ userId: 'u1', amountCents: 500, gameId: 'g1', key: 'unused-credit_a', at: AT },
        ...{ reason: 'checkout_unused', fromPaymentId: 'credit_a' },
      },
    };
    given(creditDecider, [granted('k1'), spent('credit_a', 500)])
      .when(back)
      .then([returned]);
    given(creditDecider, [granted('k1'), spent('credit_a', 500), returned])
      .when(back)
      .then([]);
    // Back, the credit pays another checkout.
    given(creditDecider, [granted('k1'), spent('credit_a', 500), returned])
      .when(spend('credit_b', 500))
      .then([spent('credit_b', 500)]);
  });
});

describe('the ledger with refunds as credit (issue #45)', () => {
  const received: LedgerEvent = {
    type: 'PaymentReceived',
    data: {
      paymentId: 'pay-1',
      receiverId: 'org',
      payerId: 'u1',
      amountCents: 500,
      currency: 'usd',
      purpose: { kind: 'entry', gameId: 'g1' },
    },
  };
  const credited: LedgerEvent = {
    type: 'RefundedToCredit',
    data: { paymentId: 'pay-1', refundId: 'k1', receiverId: 'org', payerId: 'u1', amountCents: 500 },
  };

  it('gives back what is left as credit, once, and never more than was paid with card refunds', () => {
    given(ledgerDecider, [received])
      .when({ type: 'RecordCreditRefund', paymentId: 'pay-1', refundId: 'k1', amountCents: null })
      .then([credited]);
    given(ledgerDecider, [received, credited])
      .when({ type: 'RecordCreditRefund', paymentId: 'pay-1', refundId: 'k1', amountCents: null })
      .then([]);
    given(ledgerDecider, [received, credited])
      .when({ type: 'RecordRefund', paymentId: 'pay-1', refundId: 're_1', amountCents: 100 })
      .thenRefused('refund_exceeds_payment');
    // Card refunds stay what the processor's books say: reconciliation compares them alone.
    expect(fold(ledgerDecider, [received, credited])).toMatchObject({ refundedCents: 0, creditedCents: 500 });
  });
});

import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given } from '../../testing/decider-testing';
import { ledgerDecider, type SucceededPayment } from './decider';
import { balanceCents } from './queries';
import { eventRegistry } from '../event-registry';
import type { LedgerEvent } from './events';

const payment: SucceededPayment = {
  paymentId: 'pi_1',
  receiverId: 'owner-1',
  payerId: 'captain-1',
  amountCents: 5000,
  feeCents: 0,
  currency: 'usd',
  purpose: { kind: 'rental', holdId: 'hold-1' },
};
const received: LedgerEvent = {
  type: 'PaymentReceived',
  data: {
    paymentId: 'pi_1',
    receiverId: 'owner-1',
    payerId: 'captain-1',
    amountCents: 5000,
    currency: 'usd',
    purpose: { kind: 'rental', holdId: 'hold-1' },
  },
};
const refunded = (refundId: string, amountCents: number): LedgerEvent => ({
  type: 'RefundIssued',
  data: { paymentId: 'pi_1', refundId, receiverId: 'owner-1', payerId: 'captain-1', amountCents },
});

describe('ledger: recording a payment', () => {
  it('records a succeeded payment as received by its receiver', () => {
    given(ledgerDecider, []).when({ type: 'RecordPayment', payment }).then([received]);
  });

  it('records the processor fee as its own entry, charged to the receiver', () => {
    given(ledgerDecider, [])
      .when({ type: 'RecordPayment', payment: { ...payment, feeCents: 175 } })
      .then([received, { type: 'FeeCharged', data: { paymentId: 'pi_1', receiverId: 'owner-1', amountCents: 175 } }]);
  });

  it('records a payment once: the same payment again changes nothing', () => {
    given(ledgerDecider, [received]).when({ type: 'RecordPayment', payment }).then([]);
  });

  it('refuses the same payment id with another amount', () => {
    given(ledgerDecider, [received])
      .when({ type: 'RecordPayment', payment: { ...payment, amountCents: 1 } })
      .thenRefused('payment_differs');
  });

  it('refuses amounts that are not positive whole cents, and fees larger than the payment', () => {
    given(ledgerDecider, [])
      .when({ type: 'RecordPayment', payment: { ...payment, amountCents: 10.5 } })
      .thenRefused('invalid_amount');
    given(ledgerDecider, [])
      .when({ type: 'RecordPayment', payment: { ...payment, amountCents: 0 } })
      .thenRefused('invalid_amount');
    given(ledgerDecider, [])
      .when({ type: 'RecordPayment', payment: { ...payment, feeCents: 5001 } })
      .thenRefused('invalid_fee');
  });
});

describe('ledger: recording a refund', () => {
  it('records a partial refund', () => {
    given(ledgerDecider, [received])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 2000 })
      .then([refunded('re_1', 2000)]);
  });

  it('records a refund once', () => {
    given(ledgerDecider, [received, refunded('re_1', 2000)])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 2000 })
      .then([]);
  });

  it('never lets refunds exceed the payment', () => {
    given(ledgerDecider, [received, refunded('re_1', 3000)])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_2', amountCents: 2001 })
      .thenRefused('refund_exceeds_payment', /Only 2000 cents/);
    given(ledgerDecider, [received, refunded('re_1', 3000)])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_2', amountCents: 2000 })
      .then([refunded('re_2', 2000)]);
  });

  it('refuses a refund of a payment it has not recorded', () => {
    given(ledgerDecider, [])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 1 })
      .thenRefused('payment_not_recorded');
  });

  it('refuses a refund of no cents', () => {
    given(ledgerDecider, [received])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 0 })
      .thenRefused('invalid_amount');
  });
});

describe('ledger: differences reconciliation found', () => {
  const difference = {
    paymentId: 'pi_1',
    receiverId: 'owner-1',
    payerId: 'captain-1',
    kind: 'ledger_refunded_more' as const,
    processorStatus: 'succeeded',
    processorAmountCents: 5000,
    processorRefundedCents: 0,
    ledgerAmountCents: 5000,
    ledgerRefundedCents: 3000,
    resolution: 'needs_attention' as const,
  };
  const found: LedgerEvent = { type: 'PaymentDifferenceFound', data: difference };

  it('records a difference, also for a payment the ledger never received', () => {
    given(ledgerDecider, [received, refunded('re_1', 3000)])
      .when({ type: 'RecordDifference', difference })
      .then([found]);
    const missing = {
      ...difference,
      kind: 'payment_not_applied' as const,
      ledgerAmountCents: null,
      ledgerRefundedCents: 0,
      resolution: 'applied' as const,
    };
    given(ledgerDecider, [])
      .when({ type: 'RecordDifference', difference: missing })
      .then([{ type: 'PaymentDifferenceFound', data: missing }]);
  });

  it('records the same finding once, and a changed one again', () => {
    given(ledgerDecider, [received, refunded('re_1', 3000), found])
      .when({ type: 'RecordDifference', difference })
      .then([]);
    const worse = { ...difference, ledgerRefundedCents: 4000 };
    given(ledgerDecider, [received, refunded('re_1', 3000), found])
      .when({ type: 'RecordDifference', difference: worse })
      .then([{ type: 'PaymentDifferenceFound', data: worse }]);
  });

  it('a difference moves no money: the payment and its refunds are checked as before', () => {
    given(ledgerDecider, [found, received])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 5001 })
      .thenRefused('refund_exceeds_payment');
  });
});

describe('ledger: events and balance', () => {
  it('every event the decider makes matches its schema', () => {
    const events = [
      ...ledgerDecider.decide(
        { type: 'RecordPayment', payment: { ...payment, feeCents: 10 } },
        ledgerDecider.initialState(),
        {} as never,
      ),
    ];
    events.push(
      ...ledgerDecider.decide(
        { type: 'RecordRefund', paymentId: 'pi_1', refundId: 're_1', amountCents: 100 },
        fold(ledgerDecider, events),
        {} as never,
      ),
    );
    for (const event of events) expect(eventRegistry.prepare(event).data).toEqual(event.data);
  });

  it('the balance is what was received minus refunds and fees', () => {
    expect(balanceCents({ receivedCents: 5000, refundedCents: 2000, feeCents: 175 })).toBe(2825);
  });
});

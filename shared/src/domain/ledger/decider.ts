import { DomainError, decideByType, unknownType, type CommandOf, type Decider } from '../decider';
import type { EventOf } from '../event-schemas';
import type { LedgerEvent, LedgerPurpose, PaymentDifferenceFound } from './events';

export type Difference = EventOf<typeof PaymentDifferenceFound>['data'];

/** A succeeded payment as the processor reports it. */
export interface SucceededPayment {
  paymentId: string;
  receiverId: string;
  payerId: string;
  amountCents: number;
  /** The processor's fee, charged to the receiver. */
  feeCents: number;
  currency: string;
  purpose: LedgerPurpose;
}

export type LedgerCommand =
  | { type: 'RecordPayment'; payment: SucceededPayment }
  | { type: 'RecordRefund'; paymentId: string; refundId: string; amountCents: number }
  | { type: 'RecordDifference'; difference: Difference }
  /** Issue #45: what is left of the payment (or `amountCents` of it) goes back as Playtime credit. */
  | { type: 'RecordCreditRefund'; paymentId: string; refundId: string; amountCents: number | null };

export type LedgerState = { differences: string[] } & (
  | { recorded: false }
  | {
      recorded: true;
      paymentId: string;
      receiverId: string;
      payerId: string;
      amountCents: number;
      /** Refunded to the card, as the processor's books say. */
      refundedCents: number;
      refundIds: string[];
      /** Issue #45: refunded as Playtime credit (absent: none), which the processor never sees. */
      creditedCents?: number;
    }
);

/** A difference is the same finding when the same figures disagree in the same way. */
const differenceKey = (difference: Difference) =>
  [
    difference.kind,
    difference.processorStatus,
    difference.processorAmountCents,
    difference.processorRefundedCents,
    difference.ledgerAmountCents,
    difference.ledgerRefundedCents,
  ].join('|');

const isCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

type Command<Type extends LedgerCommand['type']> = CommandOf<LedgerCommand, Type>;

function recordPayment({ payment }: Command<'RecordPayment'>, state: LedgerState): LedgerEvent[] {
  if (!isCents(payment.amountCents) || payment.amountCents === 0)
    throw new DomainError('invalid', 'invalid_amount', 'A payment is a positive whole number of cents.');
  if (!isCents(payment.feeCents) || payment.feeCents > payment.amountCents)
    throw new DomainError('invalid', 'invalid_fee', 'A fee is a whole number of cents no larger than its payment.');
  if (state.recorded) {
    if (state.amountCents !== payment.amountCents || state.receiverId !== payment.receiverId) {
      throw new DomainError(
        'conflict',
        'payment_differs',
        `Payment ${payment.paymentId} is already recorded with a different amount or receiver.`,
      );
    }
    return [];
  }
  const { paymentId, receiverId, payerId, amountCents, currency, purpose } = payment;
  const received: LedgerEvent = {
    type: 'PaymentReceived',
    data: { paymentId, receiverId, payerId, amountCents, currency, purpose },
  };
  return payment.feeCents > 0
    ? [received, { type: 'FeeCharged', data: { paymentId, receiverId, amountCents: payment.feeCents } }]
    : [received];
}

/** A refund needs its payment in the ledger first. */
function refuseUnrecorded(
  state: LedgerState,
  paymentId: string,
): asserts state is Extract<LedgerState, { recorded: true }> {
  if (!state.recorded)
    throw new DomainError(
      'not_found',
      'payment_not_recorded',
      `Payment ${paymentId} is not in the ledger; record it before its refunds.`,
    );
}

function recordRefund(command: Command<'RecordRefund'>, state: LedgerState): LedgerEvent[] {
  refuseUnrecorded(state, command.paymentId);
  if (state.refundIds.includes(command.refundId)) return [];
  if (!isCents(command.amountCents) || command.amountCents === 0)
    throw new DomainError('invalid', 'invalid_amount', 'A refund is a positive whole number of cents.');
  const left = state.amountCents - state.refundedCents - (state.creditedCents ?? 0);
  if (command.amountCents > left) {
    throw new DomainError(
      'conflict',
      'refund_exceeds_payment',
      `Only ${left} cents of payment ${state.paymentId} are left to refund, not ${command.amountCents}.`,
    );
  }
  return [
    {
      type: 'RefundIssued',
      data: {
        paymentId: state.paymentId,
        refundId: command.refundId,
        receiverId: state.receiverId,
        payerId: state.payerId,
        amountCents: command.amountCents,
      },
    },
  ];
}

function recordCreditRefund(command: Command<'RecordCreditRefund'>, state: LedgerState): LedgerEvent[] {
  refuseUnrecorded(state, command.paymentId);
  if (state.refundIds.includes(command.refundId)) return [];
  const left = state.amountCents - state.refundedCents - (state.creditedCents ?? 0);
  const amountCents = command.amountCents ?? left;
  if (!isCents(amountCents) || amountCents === 0) return [];
  if (amountCents > left)
    throw new DomainError(
      'conflict',
      'refund_exceeds_payment',
      `Only ${left} cents of payment ${state.paymentId} are left to refund, not ${amountCents}.`,
    );
  const { paymentId, receiverId, payerId } = state;
  return [
    { type: 'RefundedToCredit', data: { paymentId, refundId: command.refundId, receiverId, payerId, amountCents } },
  ];
}

function recordDifference({ difference }: Command<'RecordDifference'>, state: LedgerState): LedgerEvent[] {
  // Reconciliation may look at a payment again (a run cut short before it moved its cursor).
  if (state.differences.includes(differenceKey(difference))) return [];
  return [{ type: 'PaymentDifferenceFound', data: difference }];
}

/**
 * One payment's entries. Recording is idempotent (webhooks come twice and out of order): a payment
 * already recorded and a refund already recorded change nothing, and refunds never add up to more
 * than the payment.
 */
export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  initialState: () => ({ recorded: false, differences: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentReceived':
        return {
          differences: state.differences,
          recorded: true,
          paymentId: event.data.paymentId,
          receiverId: event.data.receiverId,
          payerId: event.data.payerId,
          amountCents: event.data.amountCents,
          refundedCents: 0,
          refundIds: [],
        };
      case 'FeeCharged':
        return state;
      case 'RefundIssued':
        if (!state.recorded) return state;
        return {
          ...state,
          refundedCents: state.refundedCents + event.data.amountCents,
          refundIds: [...state.refundIds, event.data.refundId],
        };
      case 'RefundedToCredit':
        if (!state.recorded) return state;
        return {
          ...state,
          creditedCents: (state.creditedCents ?? 0) + event.data.amountCents,
          refundIds: [...state.refundIds, event.data.refundId],
        };
      case 'PaymentDifferenceFound':
        return { ...state, differences: [...state.differences, differenceKey(event.data)] };
      default:
        return unknownType(event);
    }
  },

  decide: decideByType({
    RecordPayment: recordPayment,
    RecordRefund: recordRefund,
    RecordDifference: recordDifference,
    RecordCreditRefund: recordCreditRefund,
  }),
};

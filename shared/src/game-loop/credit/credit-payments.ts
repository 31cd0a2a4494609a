/**
 * Issue #45: payments made with Playtime credit. Credit pays first: a checkout that credit covers in
 * full is a payment of its own (`credit_…`), recorded in the ledger like a card payment but never seen
 * by the processor; a checkout credit covers in part spends it against the card payment for the rest.
 * Spending appends to the payer's credit account with its expected revision (the door re-decides on a
 * conflict), so two checkouts racing for the same credit never spend it twice.
 */
import { createHash } from 'node:crypto';
import type { VerifiedEntryPayment } from '../../domain/games/commands/game-command';
import { creditDecider } from '../../domain/ledger/credit-decider';
import { creditStream } from '../../domain/ledger/credit-events';
import { ledgerDecider } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import { ApiError } from '../../infra/http/errors';

const CREDIT_PAYMENT_PREFIX = 'credit_';

export const isCreditPayment = (paymentId: string) => paymentId.startsWith(CREDIT_PAYMENT_PREFIX);

/** The same checkout (its idempotency key) always names the same credit payment: a retry spends nothing more. */
export const creditPaymentIdOf = (checkoutKey: string) =>
  `${CREDIT_PAYMENT_PREFIX}${createHash('sha256').update(checkoutKey).digest('hex').slice(0, 24)}`;

/** The credit part of a card payment that credit paid in part: a ledger payment of its own, for the organizer. */
export const creditPartOf = (cardPaymentId: string) => `${CREDIT_PAYMENT_PREFIX}part_${cardPaymentId}`;

/** The payer's credit, as their account's stream says now. */
export async function creditBalanceOf(commands: CommandDoor, userId: string): Promise<number> {
  return (await currentState(commands.store, creditDecider, creditStream(userId), commands.streamStates)).balanceCents;
}

/** What credit paid of a card payment (its part credit covered), 0 when none. */
export async function creditSpentOn(commands: CommandDoor, userId: string, paymentId: string): Promise<number> {
  const account = await currentState(commands.store, creditDecider, creditStream(userId), commands.streamStates);
  return account.spentBy[paymentId]?.amountCents ?? 0;
}

export interface CreditSpend {
  payerId: string;
  amountCents: number;
  gameId: string;
  /** The payment credit pays: a `credit_…` payment, or the card payment for the rest. */
  paymentId: string;
}

/** Takes `amountCents` from the payer's credit for a payment, once; refused (409) when another spend took it first. */
export async function spendCredit(commands: CommandDoor, spend: CreditSpend): Promise<void> {
  await commands.run({
    decider: creditDecider,
    streamId: creditStream(spend.payerId),
    command: {
      type: 'SpendCredit',
      userId: spend.payerId,
      amountCents: spend.amountCents,
      paymentId: spend.paymentId,
      gameId: spend.gameId,
    },
    actorId: spend.payerId,
    metadata: { userId: spend.payerId, correlationId: `checkout-${spend.paymentId}`, causationId: null },
    maxAttempts: 50,
  });
}

/**
 * An entry paid with credit: spent from the account, then received by the organizer in the ledger (for a
 * card payment paying the rest, as its credit part, creditPartOf).
 */
export async function payEntryWithCredit(
  commands: CommandDoor,
  spend: CreditSpend & { receiverId: string },
): Promise<void> {
  await spendCredit(commands, spend);
  await recordCreditPayment(commands, spend);
}

/** The ledger payment credit paid: the `credit_…` payment itself, or a card payment's credit part. */
export const ledgerPaymentOfCredit = (paymentId: string) =>
  isCreditPayment(paymentId) ? paymentId : creditPartOf(paymentId);

/** What credit paid, received by the organizer in the ledger (once: the ledger records a payment once). */
export async function recordCreditPayment(
  commands: CommandDoor,
  spend: CreditSpend & { receiverId: string },
): Promise<void> {
  const ledgerPaymentId = ledgerPaymentOfCredit(spend.paymentId);
  await commands.run({
    decider: ledgerDecider,
    streamId: ledgerStream(ledgerPaymentId),
    command: {
      type: 'RecordPayment',
      payment: {
        paymentId: ledgerPaymentId,
        receiverId: spend.receiverId,
        payerId: spend.payerId,
        amountCents: spend.amountCents,
        feeCents: 0,
        currency: 'usd',
        purpose: { kind: 'entry', gameId: spend.gameId },
      },
    },
    actorId: spend.payerId,
    metadata: { userId: spend.payerId, correlationId: `checkout-${spend.paymentId}`, causationId: null },
  });
}

/** A credit payment as join-game takes it: in the ledger, for an entry (the decider checks payer, game and amount). */
export async function verifyCreditEntryPayment(
  commands: CommandDoor,
  paymentId: string,
): Promise<VerifiedEntryPayment> {
  const events = await commands.store.readStream(ledgerStream(paymentId));
  const received = events.find((event) => event.type === 'PaymentReceived');
  if (!received) throw new ApiError(404, 'payment_not_found', 'There is no payment with this id.');
  const data = received.data as { payerId: string; amountCents: number; purpose: { kind: string; gameId?: string } };
  if (data.purpose.kind !== 'entry' || !data.purpose.gameId)
    throw new ApiError(422, 'payment_for_another_purpose', "This payment was not made for a game's entry fee.");
  return { paymentId, payerId: data.payerId, amountCents: data.amountCents, gameId: data.purpose.gameId };
}

/** A card payment as a decider takes it, with the part credit paid of it added (issue #45). */
export async function withCreditPart(
  commands: CommandDoor,
  payment: VerifiedEntryPayment,
): Promise<VerifiedEntryPayment> {
  if (isCreditPayment(payment.paymentId)) return payment;
  const part = await creditSpentOn(commands, payment.payerId, payment.paymentId);
  return part === 0 ? payment : { ...payment, amountCents: payment.amountCents + part };
}

/** Whether a card payment's ledger stream is there yet (a refund to credit needs the payment recorded first). */
export async function paymentInLedger(commands: CommandDoor, paymentId: string): Promise<boolean> {
  const state = await currentState(commands.store, ledgerDecider, ledgerStream(paymentId), commands.streamStates);
  return state.recorded;
}

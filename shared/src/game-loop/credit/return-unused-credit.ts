/**
 * Issue #45: credit a checkout spent comes back when nothing used it. A delayed job, asked for by every
 * CreditSpent (unused-credit-policy.ts), runs after UNUSED_CREDIT_RETURN_MINUTES and decides from the
 * event streams and the processor only (never a projection):
 * - a `credit_…` payment lapses on its game's stream unless a join used it first (the game's stream
 *   decides the two one after the other, so exactly one of them wins); lapsed, its credit comes back;
 * - a card payment whose card part never went through (never confirmed, declined, cancelled) is
 *   cancelled at the processor, so it can never be charged after, and its credit part comes back. One
 *   that went through (charged or held) keeps its credit part: its join, or the refund of a payment
 *   that could not buy its place, settles that. One the payer's bank is still processing cannot be
 *   cancelled: if it fails later, its failure gives the credit back (returnCreditOfFailedCard).
 * Giving back is refundToCredit with one key per payment: once, however often the job runs.
 */
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import { paymentLapsed } from '../../domain/games/state';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import { creditDecider } from '../../domain/ledger/credit-decider';
import { creditStream } from '../../domain/ledger/credit-events';
import { PaymentRefused, type Payment, type PaymentProcessor } from '../../infra/payments/port';
import { isCreditPayment, ledgerPaymentOfCredit, paymentInLedger, recordCreditPayment } from './credit-payments';
import { refundToCredit } from './refund-to-credit';

export type ReturnUnusedCreditJob = {
  kind: 'return-unused-credit';
  payerId: string;
  /** The payment the credit paid, as CreditSpent names it: a `credit_…` payment or a card payment. */
  paymentId: string;
  gameId: string;
  amountCents: number;
};

export interface UnusedCreditDependencies {
  commands: CommandDoor;
  /** The card part's processor: how the card payment stands, and cancelling one that never went through. */
  processor: Pick<PaymentProcessor, 'retrievePayment' | 'cancelPayment'>;
}

/** The key of the return: its ledger refund id and its credit grant's key. */
export const unusedCreditKey = (paymentId: string) => `unused-${paymentId}`;

/** Whether the credit payment lapsed (now or before): false when a join used it first. */
async function lapsed(commands: CommandDoor, job: ReturnUnusedCreditJob): Promise<boolean> {
  await commands.run({
    decider: gameDecider,
    streamId: gameStream(job.gameId),
    command: { type: 'LapseEntryPayment', playerId: job.payerId, paymentId: job.paymentId },
    actorId: null,
    metadata: { userId: null, correlationId: unusedCreditKey(job.paymentId), causationId: null },
  });
  const game = await currentState(commands.store, gameDecider, gameStream(job.gameId), commands.streamStates);
  return game.status === 'none' || paymentLapsed(game, job.paymentId);
}

/** Whether the card part never went through, and now never will (cancelled at the processor). */
async function cardPartAbandoned(deps: UnusedCreditDependencies, paymentId: string): Promise<boolean> {
  const payment = await deps.processor.retrievePayment(paymentId);
  if (!payment) return true; // The processor never made it: nothing can charge it.
  // Charged or held: it went through. Processing: the bank decides, and a failure returns the credit then.
  if (payment.status === 'succeeded' || payment.status === 'requires_capture' || payment.status === 'processing')
    return false;
  if (payment.status === 'canceled') return true;
  try {
    return (await deps.processor.cancelPayment(paymentId, unusedCreditKey(paymentId))).status === 'canceled';
  } catch (error) {
    // Charged (or taken by the bank) just now, between the look and the cancel: not abandoned.
    if (error instanceof PaymentRefused && error.code === 'payment_not_cancelable') return false;
    throw error;
  }
}

/** Gives the credit of an unused checkout back, once; answers how much came back (0: it was used). */
export async function returnUnusedCredit(deps: UnusedCreditDependencies, job: ReturnUnusedCreditJob): Promise<number> {
  const { commands } = deps;
  const unused = isCreditPayment(job.paymentId)
    ? await lapsed(commands, job)
    : await cardPartAbandoned(deps, job.paymentId);
  if (!unused) return 0;
  const ledgerPaymentId = ledgerPaymentOfCredit(job.paymentId);
  const refund = {
    paymentId: ledgerPaymentId,
    key: unusedCreditKey(job.paymentId),
    reason: 'checkout_unused' as const,
  };
  return refundToCredit(commands, { ...refund, gameId: job.gameId }, async () => {
    // A checkout that stopped between spending the credit and recording it: recorded now, to be given back.
    if (await paymentInLedger(commands, ledgerPaymentId)) return;
    const game = await currentState(commands.store, gameDecider, gameStream(job.gameId), commands.streamStates);
    if (game.status === 'none') return;
    await recordCreditPayment(commands, { ...job, receiverId: game.details.organizerId });
  });
}

/**
 * Issue #45: the card part of a checkout failed. Once the credit's return is due (UNUSED_CREDIT_RETURN_MINUTES
 * after the credit was spent), the credit beside it comes back now: the return job has looked already,
 * perhaps while the bank was still processing the card part, when it could not be cancelled. Before
 * that, nothing: the payer may still pay the same payment with another card, and the job is still to come.
 * Answers how much came back.
 */
export async function returnCreditOfFailedCard(
  deps: UnusedCreditDependencies & { minutes: number; now: () => Date },
  payment: Payment,
): Promise<number> {
  if (payment.purpose.kind !== 'entry' || isCreditPayment(payment.paymentId)) return 0;
  const { commands } = deps;
  const account = await currentState(
    commands.store,
    creditDecider,
    creditStream(payment.payerId),
    commands.streamStates,
  );
  const spent = account.spentBy[payment.paymentId];
  if (!spent || deps.now().getTime() < Date.parse(spent.at) + deps.minutes * 60_000) return 0;
  return returnUnusedCredit(deps, {
    kind: 'return-unused-credit',
    payerId: payment.payerId,
    paymentId: payment.paymentId,
    gameId: spent.gameId,
    amountCents: spent.amountCents,
  });
}

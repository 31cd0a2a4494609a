import { Router } from 'express';
import { leaveGameWithRefundBody, type LeaveAnswer, type RefundKind } from '@playtime/shared/contract/credit';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import { standingEntry } from '@playtime/shared/domain/games/queries';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import type { PaymentProcessor } from '@playtime/shared/infra/payments/port';
import {
  creditSpentOn,
  isCreditPayment,
  verifyCreditEntryPayment,
} from '@playtime/shared/game-loop/credit/credit-payments';
import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import { runCommand, type CommandDependencies } from '../http/run-command';

export type LeaveCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  offerWindows: OfferWindows;
  payments: { processor: Pick<PaymentProcessor, 'retrievePayment'> };
};

/**
 * Leave-game (spec §7) with issue #45's refunds: within the organizer's free cancellation the entry
 * comes back in full, to the card or as Playtime credit (`refundTo`); a held card authorization is
 * released; later, the entry stays paid. The answer says which, with the amount.
 */
export function leaveCommandRoutes(deps: LeaveCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  /** What the entry paid: from the ledger for a credit payment, from the processor and credit for a card's. */
  async function amountOf(playerId: string, paymentId: string): Promise<number> {
    if (isCreditPayment(paymentId)) return (await verifyCreditEntryPayment(deps.commands, paymentId)).amountCents;
    const card = (await deps.payments.processor.retrievePayment(paymentId))?.amountCents ?? 0;
    return card + (await creditSpentOn(deps.commands, playerId, paymentId));
  }

  router.post('/api/leave-game', signedIn, async (req, res) => {
    const { gameId, refundTo } = parseBody(leaveGameWithRefundBody, req.body);
    const playerId = req.user!.userId;
    const before = await currentState(deps.commands.store, gameDecider, gameStream(gameId), deps.commands.streamStates);
    const outcome = await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'LeaveGame',
      offerWindows: deps.offerWindows,
      playerId,
      refundTo,
    });
    const left = outcome.events.find((event) => event.type === 'PlayerLeft');
    const entry = before.status === 'none' ? undefined : standingEntry(before, playerId);
    let kind: RefundKind = 'none';
    // An entry paid with credit always goes back as credit.
    if (left?.type === 'PlayerLeft' && left.data.refund)
      kind = isCreditPayment(left.data.refund.paymentId) ? 'credit' : left.data.refund.to;
    else if (left && entry?.held) kind = 'released';
    const amountCents = kind === 'none' || !entry ? 0 : await amountOf(playerId, entry.paymentId);
    const answer: LeaveAnswer = { ok: true, refund: { kind, amountCents } };
    res.json(answer);
  });

  return router;
}

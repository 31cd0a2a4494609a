import { Router } from 'express';
import type { LeaveAnswer, RefundKind } from '@playtime/shared/contract/credit';
import { leaveGameBody } from '@playtime/shared/contract/games';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
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
    const { gameId, refundTo } = parseBody(leaveGameBody, req.body);
    const playerId = req.user!.userId;
    const outcome = await runCommand(deps, req, res, gameDecider, gameStream(gameId), {
      type: 'LeaveGame',
      offerWindows: deps.offerWindows,
      playerId,
      refundTo,
    });
    // What the leave did to the entry is in the events it decided, never in a state read beside it.
    let kind: RefundKind = 'none';
    let paymentId: string | null = null;
    for (const event of outcome.events) {
      if (event.type === 'PlayerLeft' && event.data.refund) {
        paymentId = event.data.refund.paymentId;
        // An entry paid with credit always goes back as credit.
        kind = isCreditPayment(paymentId) ? 'credit' : event.data.refund.to;
      } else if (event.type === 'EntryHoldReleased') {
        paymentId = event.data.paymentId;
        kind = 'released';
      }
    }
    const amountCents = paymentId === null ? 0 : await amountOf(playerId, paymentId);
    const answer: LeaveAnswer = { ok: true, refund: { kind, amountCents } };
    res.json(answer);
  });

  return router;
}

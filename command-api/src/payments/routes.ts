import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';
import { Router, type Response } from 'express';
import {
  PAYOUTS_RETURN_PATH,
  accountNumberRequestSchema,
  type PayoutAccount,
  checkoutRequestSchema,
  simulatedCompleteActionRequestSchema,
  simulatedConfirmRequestSchema,
} from '@playtime/shared/contract/payments';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { userIdOfUsernameInLog } from '../users/users-in-log';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import type { Payments } from '@playtime/shared/game-loop/payments/setup';
import type { Confirmation } from '@playtime/shared/infra/payments/simulated/simulated-processor';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import type { PaidWithCredit } from '@playtime/shared/contract/credit';
import {
  creditBalanceOf,
  creditPaymentIdOf,
  payEntryWithCredit,
} from '@playtime/shared/game-loop/credit/credit-payments';

export interface PaymentCommandDependencies {
  /** The log, for the account a payout name belongs to. */
  commands: CommandDoor;
  /** The app's address: onboarding returns to the profile there. */
  publicUrl: string;
  resolveUser: ResolveUser;
  payments: Pick<Payments, 'processor' | 'simulated' | 'purposes' | 'refund'>;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Checkout (spec §7) and the simulated processor's card form. */
export function paymentCommandRoutes(deps: PaymentCommandDependencies): Router {
  const router = Router();
  const anyUser = requireUser(deps.resolveUser);
  const { processor, simulated, purposes } = deps.payments;

  router.post('/api/checkout', anyUser, async (req, res) => {
    const body = parseBody(checkoutRequestSchema, req.body);
    const payerId = req.user!.userId;
    const priced = await purposes.price(body.purpose, payerId, timeZoneOf(req));
    if (!priced)
      throw new ApiError(
        404,
        'purpose_not_found',
        `There is nothing to pay for this ${body.purpose.kind}: it does not exist or is no longer yours.`,
      );
    if (priced.amountCents !== body.price) {
      res.status(409).json({
        error: {
          code: 'price_changed',
          message: `The price is now ${dollars(priced.amountCents)}. Check it and pay again.`,
          currentPrice: priced.amountCents,
        },
      });
      return;
    }
    if (priced.amountCents === 0)
      throw new ApiError(422, 'nothing_to_pay', 'This costs nothing: there is nothing to pay.');
    const purposeKey = priced.purpose.kind === 'rental' ? priced.purpose.holdId : priced.purpose.gameId;
    // One payment per payer, purpose, price and round: a retried checkout gets the same payment back,
    // and a player whose entry was refunded (removed, then allowed back) a new one. A held entry
    // (issue #45) is another payment than a charged one.
    const checkoutKey = `checkout-${payerId}-${body.purpose.kind}-${purposeKey}-${priced.amountCents}${priced.round ? `-${priced.round}` : ''}${priced.capture === 'manual' ? '-held' : ''}`;
    // Issue #45: Playtime credit pays an entry first; all of it, or the card pays the rest.
    const credit =
      body.useCredit && priced.purpose.kind === 'entry'
        ? Math.min(await creditBalanceOf(deps.commands, payerId), priced.amountCents)
        : 0;
    if (credit > 0 && priced.purpose.kind === 'entry' && credit === priced.amountCents) {
      const paymentId = creditPaymentIdOf(checkoutKey);
      await payEntryWithCredit(deps.commands, {
        payerId,
        receiverId: priced.receiverId,
        amountCents: credit,
        gameId: priced.purpose.gameId,
        paymentId,
      });
      const answer: PaidWithCredit = { paymentId, paidWithCredit: true };
      res.json(answer);
      return;
    }
    const created = await processor.createPayment({
      amountCents: priced.amountCents - credit,
      currency: 'usd',
      purpose: priced.purpose,
      payerId,
      receiverId: priced.receiverId,
      idempotencyKey: credit > 0 ? `${checkoutKey}-credit-${credit}` : checkoutKey,
      ...(priced.capture ? { capture: priced.capture } : {}),
    });
    if (credit > 0 && priced.purpose.kind === 'entry')
      await payEntryWithCredit(deps.commands, {
        payerId,
        receiverId: priced.receiverId,
        amountCents: credit,
        gameId: priced.purpose.gameId,
        paymentId: created.paymentId,
      });
    res.type('text/plain').send(created.clientSecret);
  });

  router.post('/api/find-or-create-account-number', anyUser, async (req, res) => {
    const { name } = parseBody(accountNumberRequestSchema, req.body);
    res.type('text/plain').send(await processor.connectedAccount(await userIdOfUsernameInLog(deps.commands, name)));
  });

  // Payouts (Stripe Connect Express; the simulated processor's accounts are ready at once): the
  // receiver's account as the processor last reported it, and the hosted onboarding that sets it up.
  router.post('/api/get-payout-account', anyUser, async (req, res) => {
    const status = await processor.accountStatus(req.user!.userId);
    const account: PayoutAccount = {
      processor: simulated ? 'simulated' : 'stripe',
      accountId: status?.accountId ?? null,
      chargesEnabled: status?.chargesEnabled ?? false,
      payoutsEnabled: status?.payoutsEnabled ?? false,
      detailsSubmitted: status?.detailsSubmitted ?? false,
    };
    res.json(account);
  });

  router.post('/api/create-payout-onboarding-link', anyUser, async (req, res) => {
    res.json({ url: await processor.onboardingLink(req.user!.userId, `${deps.publicUrl}${PAYOUTS_RETURN_PATH}`) });
  });

  if (simulated) {
    const answer = (res: Response, confirmation: Confirmation) => {
      if (!confirmation.ok) throw new ApiError(confirmation.httpStatus, confirmation.code, confirmation.message);
      const { ok: _ok, ...result } = confirmation;
      // A declined card is an answer, not a malformed request: 402 as Stripe, with the status the form shows.
      res.status(result.status === 'failed' ? 402 : 200).json(result);
    };
    // The client secret is the capability, as with Stripe.js: the card form needs nothing else.
    router.post('/api/payments/simulated/confirm', async (req, res) => {
      const { clientSecret, ...card } = parseBody(simulatedConfirmRequestSchema, req.body);
      answer(res, await simulated.confirm(clientSecret, card));
    });
    router.post('/api/payments/simulated/complete-action', async (req, res) => {
      const { clientSecret } = parseBody(simulatedCompleteActionRequestSchema, req.body);
      answer(res, await simulated.completeAction(clientSecret));
    });
  }

  return router;
}

/**
 * Issue #45, credit spent at checkout is never lost, over real HTTP: a credit payment no join used comes
 * back to the payer's credit once the window (UNUSED_CREDIT_RETURN_MINUTES) has passed, and a join
 * after that is refused as no longer valid; a card payment whose card part never went through is
 * cancelled and its credit part comes back; one the bank was still processing when the window closed
 * gives its credit part back when the bank declines it; a join racing the return ends in exactly one of
 * the two, round after round. After each test every credit account balances against the ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveAnswer, PaidWithCredit, WalletAnswer } from '@playtime/shared/contract/credit';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { NOTIFICATIONS_PATH, type NotificationList } from '@playtime/shared/contract/notifications';
import { creditDifferencesOf } from '@playtime/shared/game-loop/credit/credit-reconciliation';
import { unusedCreditKey } from '@playtime/shared/game-loop/credit/return-unused-credit';
import { creditStream } from '@playtime/shared/domain/ledger/credit-events';
import { gameStream } from '@playtime/shared/domain/games/events';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import { demoClients } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { creditAccounts, expectCreditBalances } from '../support/credit';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { GOOD_CARD, PROCESSING_CARD } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

/** The window, short for the test: 0.6 seconds. */
const WINDOW_MINUTES = 0.01;
/** The simulated bank's answer to a payment it processes: well after the window. */
const BANK_SECONDS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('credit a checkout spent and nothing used comes back, once', () => {
  let app: TestApp;
  let store: EventStore;
  let anonymous: ApiClient;
  let owner: ApiClient;
  let captain: ApiClient;
  const pitches: string[] = [];
  let slot = 0;
  const { accounts, newPlayer } = creditAccounts(() => app, 'unused');

  /** The captain's game, free to cancel until the start, in the next free hour of a pitch. */
  async function bookGame(priceDollars: string) {
    const pitch = pitches[Math.floor(slot / 14)]!;
    const from = 8 + (slot % 14);
    slot += 1;
    const { gameId } = await bookPaidGame(captain, anonymous, pitch, from, from + 1, {
      name: `Unused ${slot}`,
      maxPlayers: 14,
      price: priceDollars,
      freeCancellationHours: 0,
    });
    return gameId;
  }

  const entry = (gameId: string): PaymentPurpose => ({ kind: 'entry', gameId });
  const walletOf = (player: ApiClient) => player.read<WalletAnswer>('/api/wallet');
  const waitForBalance = (player: ApiClient, cents: number) =>
    waitFor(`a credit balance of ${cents}`, async () => {
      const wallet = await walletOf(player);
      return wallet.balanceCents === cents ? wallet : undefined;
    });

  /** Credit of `cents` for a new player: they pay a game and leave it within free cancellation, as credit. */
  async function playerWithCredit(cents: number) {
    const player = await newPlayer();
    const gameId = await bookGame((cents / 100).toFixed(2));
    player.client.seesWritesOf(captain);
    const paymentId = await payInFull(player.client, anonymous, entry(gameId), cents);
    const joined = await player.client.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    const left = await player.client.post('/api/leave-game', { gameId, refundTo: 'credit' });
    expect((left.json as LeaveAnswer).refund).toEqual({ kind: 'credit', amountCents: cents });
    await waitForBalance(player.client, cents);
    return player;
  }

  async function payWithCredit(player: ApiClient, gameId: string, cents: number): Promise<string> {
    player.seesWritesOf(captain);
    const paid = await player.post('/api/checkout', { price: cents, purpose: entry(gameId), useCredit: true });
    expect(paid.status, paid.text).toBe(200);
    expect((paid.json as PaidWithCredit).paidWithCredit).toBe(true);
    return (paid.json as PaidWithCredit).paymentId;
  }

  const eventsOf = async (streamId: string, type: string, paymentId: string, key = 'paymentId') =>
    (await store.readStream(streamId)).filter(
      (event) => event.type === type && (event.data as Record<string, unknown>)[key] === paymentId,
    );

  beforeAll(async () => {
    app = await startTestApp({
      UNUSED_CREDIT_RETURN_MINUTES: String(WINDOW_MINUTES),
      SIMULATED_BANK_PROCESSING_SECONDS: String(BANK_SECONDS),
    });
    store = await PostgresEventStore.connect(app.databaseUrl);
    anonymous = new ApiClient(app.url, null);
    [owner, captain] = await demoClients(app.url, 'owner', 'captain');
    for (const name of ['North', 'South']) {
      const { subFieldId } = await addAvailableField(owner, { name: `Unused ${name}`, address: `45 ${name} Rd` });
      pitches.push(subFieldId);
    }
    captain.seesWritesOf(owner);
  }, 120_000);

  afterEach(() => expectCreditBalances(store, accounts));

  afterAll(async () => {
    await store?.close();
    await app?.dispose();
  });

  it('gives back a credit payment no join used, refuses its join after, and a new checkout pays again', async () => {
    const player = await playerWithCredit(400);
    const gameId = await bookGame('4');
    const paymentId = await payWithCredit(player.client, gameId, 400);

    // The tab is closed: after the window the credit is back, once, saying why.
    const wallet = await waitFor('the credit back', async () => {
      const now = await walletOf(player.client);
      return now.entries[0]?.reason === 'checkout_unused' ? now : undefined;
    });
    expect(wallet.balanceCents).toBe(400);
    expect(wallet.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ amountCents: 400, reason: 'checkout_unused', gameId }),
      expect.objectContaining({ amountCents: -400, reason: 'spent', gameId }),
    ]);
    // The bell says so, with the amount (and the leave before it, as credit).
    const bell = await waitFor('the credit notifications', async () => {
      const { items } = (await player.client.get(NOTIFICATIONS_PATH)).json as NotificationList;
      const credit = items.filter((item) => item.kind === 'credit-granted');
      return credit.length === 2 ? credit : undefined;
    });
    expect(bell[0]!.text).toMatch(
      /^\$4\.00 of Playtime credit is back in your account: your checkout for .+ was not completed\.$/,
    );
    expect(bell[1]!.text).toMatch(/within free cancellation: \$4\.00 is back as Playtime credit/);
    const late = await player.client.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(late.status, late.text).toBe(409);
    expect((late.json as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'payment_lapsed',
      message: expect.stringMatching(/no longer valid/),
    });
    expect(
      await app.payments.returnUnusedCredit({
        kind: 'return-unused-credit',
        payerId: player.userId,
        paymentId,
        gameId,
        amountCents: 400,
      }),
    ).toBe(400);
    expect((await walletOf(player.client)).entries.filter((one) => one.reason === 'checkout_unused')).toHaveLength(1);

    // Paying again is a new payment, which joins.
    const again = await payWithCredit(player.client, gameId, 400);
    expect(again).not.toBe(paymentId);
    const joined = await player.client.post('/api/join-game', { gameId, team: 0, paymentId: again });
    expect(joined.status, joined.text).toBe(200);
    await sleep(WINDOW_MINUTES * 60_000 + 1500);
    expect((await walletOf(player.client)).balanceCents).toBe(0);
    expect(await eventsOf(gameStream(gameId), 'EntryPaymentLapsed', again)).toHaveLength(0);
  });

  it("cancels a card payment that never went through and gives back its credit part, never the card's", async () => {
    const player = await playerWithCredit(100);
    // This player wants no credit notices in the bell: the preference holds for this kind too.
    const off = await player.client.post('/api/notification-preferences', {
      preferences: [{ kind: 'credit-granted', inApp: false, email: false }],
    });
    expect(off.status, off.text).toBe(200);
    const gameId = await bookGame('3');
    player.client.seesWritesOf(captain);
    const secret = await player.client.post('/api/checkout', { price: 300, purpose: entry(gameId), useCredit: true });
    expect(secret.status, secret.text).toBe(200);
    const cardPayment = paymentIdOfClientSecret(secret.text)!;

    // The card form is abandoned (the race for the place lost, the card declined, the tab closed).
    const wallet = await waitFor('the credit part back', async () => {
      const now = await walletOf(player.client);
      return now.entries.length === 3 && now.balanceCents === 100 ? now : undefined;
    });
    // Spent at checkout, then back (the window is short here: the spend is seen in the wallet, not waited for).
    expect(wallet.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ amountCents: 100, reason: 'checkout_unused', gameId }),
      expect.objectContaining({ amountCents: -100, reason: 'spent', gameId }),
    ]);
    expect((await app.payments.processor.retrievePayment(cardPayment))?.status).toBe('canceled');
    await sleep(1000);
    // Turned off in the bell, no credit notice shows there (the earlier one neither: the bell lists what the preferences let in).
    const { items } = (await player.client.get(NOTIFICATIONS_PATH)).json as NotificationList;
    expect(items.filter((item) => item.kind === 'credit-granted')).toEqual([]);
    const confirmed = await anonymous.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      ...GOOD_CARD,
    });
    expect(confirmed.status).toBeGreaterThanOrEqual(400);
    const joined = await player.client.post('/api/join-game', { gameId, team: 0, paymentId: cardPayment });
    expect(joined.status).toBeGreaterThanOrEqual(400);
    expect(joined.status).toBeLessThan(500);
  });

  it('keeps the credit part of a card payment that went through', async () => {
    const player = await playerWithCredit(100);
    const gameId = await bookGame('3');
    player.client.seesWritesOf(captain);
    const secret = await player.client.post('/api/checkout', { price: 300, purpose: entry(gameId), useCredit: true });
    const cardPayment = paymentIdOfClientSecret(secret.text)!;
    const confirmed = await anonymous.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      ...GOOD_CARD,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const joined = await player.client.post('/api/join-game', { gameId, team: 0, paymentId: cardPayment });
    expect(joined.status, joined.text).toBe(200);
    await sleep(WINDOW_MINUTES * 60_000 + 1500);
    expect(
      await app.payments.returnUnusedCredit({
        kind: 'return-unused-credit',
        payerId: player.userId,
        paymentId: cardPayment,
        gameId,
        amountCents: 100,
      }),
    ).toBe(0);
    expect((await walletOf(player.client)).balanceCents).toBe(0);
  });

  it('gives back the credit part of a card the bank was still processing when the window closed, once it is declined', async () => {
    const player = await playerWithCredit(100);
    const gameId = await bookGame('3');
    player.client.seesWritesOf(captain);
    const secret = await player.client.post('/api/checkout', { price: 300, purpose: entry(gameId), useCredit: true });
    expect(secret.status, secret.text).toBe(200);
    const cardPayment = paymentIdOfClientSecret(secret.text)!;
    const confirmed = await anonymous.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      ...PROCESSING_CARD,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({ status: 'processing', paymentId: cardPayment });
    const job = {
      kind: 'return-unused-credit' as const,
      payerId: player.userId,
      paymentId: cardPayment,
      gameId,
      amountCents: 100,
    };

    // The window closes while the bank processes: the card part cannot be cancelled, so the credit stays spent.
    await sleep(WINDOW_MINUTES * 60_000 + 1000);
    expect(await app.payments.returnUnusedCredit(job)).toBe(0);
    expect((await app.payments.processor.retrievePayment(cardPayment))?.status).toBe('processing');
    expect((await walletOf(player.client)).balanceCents).toBe(0);
    const again = await anonymous.post('/api/payments/simulated/confirm', { clientSecret: secret.text, ...GOOD_CARD });
    expect(again.status, again.text).toBe(409);
    expect(again.text).toMatch(/Your bank is processing this payment/);

    // The bank declines: its webhook gives the credit part back, once, and the card part can never be charged after.
    const wallet = await waitFor(
      'the credit part back after the decline',
      async () => {
        const now = await walletOf(player.client);
        return now.balanceCents === 100 ? now : undefined;
      },
      BANK_SECONDS * 1000 + 20_000,
    );
    expect(wallet.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ amountCents: 100, reason: 'checkout_unused', gameId }),
      expect.objectContaining({ amountCents: -100, reason: 'spent', gameId }),
    ]);
    // The job, the webhook's redeliveries and reconciliation all coming again at once give nothing more.
    await Promise.all(Array.from({ length: 8 }, () => app.payments.returnUnusedCredit(job)));
    const after = await walletOf(player.client);
    expect(after.balanceCents).toBe(100);
    expect(after.entries.filter((one) => one.reason === 'checkout_unused')).toHaveLength(1);
    expect((await app.payments.processor.retrievePayment(cardPayment))?.status).toBe('canceled');
    const late = await anonymous.post('/api/payments/simulated/confirm', { clientSecret: secret.text, ...GOOD_CARD });
    expect(late.status).toBe(409);
    const joined = await player.client.post('/api/join-game', { gameId, team: 0, paymentId: cardPayment });
    expect(joined.status).toBeGreaterThanOrEqual(400);
    expect(joined.status).toBeLessThan(500);
  }, 60_000);

  it('ends a join racing the return in exactly one of the two, round after round', async () => {
    const ROUNDS = 10;
    const player = await playerWithCredit(100 * ROUNDS);
    let joins = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const gameId = await bookGame('1');
      const paymentId = await payWithCredit(player.client, gameId, 100);
      const job = {
        kind: 'return-unused-credit' as const,
        payerId: player.userId,
        paymentId,
        gameId,
        amountCents: 100,
      };
      // Two joins and two returns at once, beside the delayed job the spend asked for; the returns start a
      // little later each round, so the joins win some rounds and the returns others.
      const returnsAfter = round * 20;
      const [joinA, joinB] = await Promise.all([
        player.client.post('/api/join-game', { gameId, team: 0, paymentId }),
        player.client.post('/api/join-game', { gameId, team: 0, paymentId }),
        sleep(returnsAfter).then(() => app.payments.returnUnusedCredit(job)),
        sleep(returnsAfter).then(() => app.payments.returnUnusedCredit(job)),
      ]);
      for (const answer of [joinA!, joinB!]) {
        expect([200, 409], answer.text).toContain(answer.status);
        if (answer.status === 409)
          expect((answer.json as { error: { code: string } }).error.code).toMatch(/^(payment_lapsed|already_joined)$/);
      }
      // Once the job has surely run too, the streams say one outcome, and the answers agree.
      await sleep(WINDOW_MINUTES * 60_000 + 500);
      await app.payments.returnUnusedCredit(job);
      const joined = await eventsOf(gameStream(gameId), 'PlayerJoined', paymentId);
      const lapsed = await eventsOf(gameStream(gameId), 'EntryPaymentLapsed', paymentId);
      const returned = await eventsOf(creditStream(player.userId), 'CreditGranted', unusedCreditKey(paymentId), 'key');
      expect(joined.length + lapsed.length, `round ${round}`).toBe(1);
      expect(returned).toHaveLength(lapsed.length);
      const anyJoinAccepted = joinA!.status === 200 || joinB!.status === 200;
      expect(anyJoinAccepted, `round ${round}`).toBe(joined.length === 1);
      if (joined.length === 1) joins += 1;
      expect(await creditDifferencesOf(store, player.userId)).toEqual([]);
    }
    expect((await walletOf(player.client)).balanceCents).toBe(100 * (ROUNDS - joins));
    // Which side won how often, for whoever reads the run (the test holds either way).
    console.info(`unused credit race: ${joins} of ${ROUNDS} rounds joined, ${ROUNDS - joins} returned`);
  }, 180_000);
});

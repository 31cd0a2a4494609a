/**
 * Issue #45 over real HTTP on the standalone app: cards held until the game is on. An entry of a game
 * with a minimum of players (within 6 days of its start, before its decision) is only authorized at
 * join; the decision captures every hold once, however often its webhooks come; a game cancelled for
 * too few players releases every hold and refunds nothing; a leave racing the decision ends each entry
 * either captured or released, never both. The ledger agrees with the processor after every test.
 * The decision is run at its instant through the game's own command handler, as its job would run it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '@playtime/shared/contract/games';
import { REMOVED_HOLD_RELEASED } from '@playtime/shared/domain/games/messages';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream, type GameEvent } from '@playtime/shared/domain/games/events';
import { ledgerDecider } from '@playtime/shared/domain/ledger/decider';
import { ledgerStream } from '@playtime/shared/domain/ledger/events';
import { minimumDecisionAt } from '@playtime/shared/domain/games/rules';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas, parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { Payment } from '@playtime/shared/infra/payments/port';
import { demoClients, signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { allWebhooksHandled, postWebhook, sentWebhooks, signedBy } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { expectNotified } from '../support/notifications';
import { waitFor } from '../support/wait';

const PRICE = 500;

describe('entries held until the game is on, over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let store: EventStore;
  let anonymous: ApiClient;
  let captain: ApiClient;
  let pitch: string;
  let players: ApiClient[];
  /** Every entry payment a test made: reconciled after each test. */
  let paymentsOfTest: string[] = [];
  let slot = 8;

  /** A paid game of the captain's with a minimum of players, an hour on the day after tomorrow (within 6 days). */
  async function bookThinGame(minPlayers: number): Promise<{ gameId: string; decisionAt: Date }> {
    const from = (slot += 1);
    const { gameId } = await bookPaidGame(captain, anonymous, pitch, from, from + 1, {
      name: `Held ${from}`,
      maxPlayers: 14,
      sidelineSize: 4,
      minPlayers,
      decisionHours: 2,
      price: '5',
    });
    for (const player of players) player.seesWritesOf(captain);
    const game = (await captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    return {
      gameId,
      decisionAt: minimumDecisionAt({ startDate: game.start_date, minPlayers, decisionHours: 2 })!,
    };
  }

  /** The player authorizes the entry with the good card and joins with it: the payment's id. */
  async function joinHeld(player: ApiClient, gameId: string): Promise<string> {
    const purpose: PaymentPurpose = { kind: 'entry', gameId };
    const paymentId = await payInFull(player, anonymous, purpose, PRICE);
    paymentsOfTest.push(paymentId);
    const joined = await player.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    return paymentId;
  }

  const decide = (gameId: string, now: Date) =>
    handleCommand({
      store,
      decider: gameDecider,
      streamId: gameStream(gameId),
      command: { type: 'CheckMinimumPlayers' },
      context: { now, newId: () => gameId, actorId: null },
      metadata: { userId: null, correlationId: `held-entries-${randomUUID()}`, causationId: null },
      maxAttempts: 50,
    });

  const eventsOf = async (gameId: string): Promise<GameEvent[]> =>
    (await store.readStream(gameStream(gameId))).map((stored) => parseEvent(stored) as GameEvent);

  const statusOf = async (paymentId: string) => (await app.payments.processor.retrievePayment(paymentId))!.status;

  /** The ledger's stream of a payment: how many times it was received, and what was refunded. */
  async function ledgerOf(paymentId: string) {
    const stored = await store.readStream(ledgerStream(paymentId));
    const state = await currentState(store, ledgerDecider, ledgerStream(paymentId));
    return {
      received: stored.filter((event) => event.type === 'PaymentReceived').length,
      refunds: stored.filter((event) => event.type === 'RefundIssued').length,
      refundedCents: state.recorded ? state.refundedCents : 0,
    };
  }

  /** The processor's events of a payment, by type. */
  async function processorEventsOf(paymentId: string): Promise<string[]> {
    return (await sentWebhooks(db)).filter((event) => event.payment_id === paymentId).map((event) => event.type);
  }

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    anonymous = new ApiClient(app.url, null);
    const [owner, organizer] = await demoClients(app.url, 'owner', 'captain');
    captain = organizer;
    ({ subFieldId: pitch } = await addAvailableField(owner, { name: 'Held Park', address: '45 Hold St' }));
    captain.seesWritesOf(owner);
    players = await Promise.all(
      Array.from({ length: 12 }, (_, n) => signUpPlayer(app, `held${n}@playtime.test`, `held${n}`)),
    );
  }, 180_000);

  // The ledger balances after each test: reconciliation finds the processor and the ledger agreeing
  // on every payment the test made, once every webhook has been handled.
  afterEach(async () => {
    await allWebhooksHandled(db);
    for (const paymentId of paymentsOfTest) {
      const payment = (await app.payments.processor.retrievePayment(paymentId)) as Payment;
      expect(await app.payments.reconciliation.reconcile(payment), paymentId).toEqual([]);
      const ledger = await ledgerOf(paymentId);
      // Money is in the ledger exactly when the processor charged it.
      expect(ledger.received, `${paymentId} is ${payment.status}`).toBe(payment.status === 'succeeded' ? 1 : 0);
      expect(ledger.refundedCents).toBe(payment.refundedCents);
    }
    paymentsOfTest = [];
  });

  afterAll(async () => {
    await store?.close();
    await db?.end();
    await app?.dispose();
  });

  it('joins with an authorized entry: held, not charged, nothing in the ledger', async () => {
    const { gameId } = await bookThinGame(2);
    const paymentId = await joinHeld(players[0]!, gameId);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amountCents: PRICE,
    });
    const joined = (await eventsOf(gameId)).find((event) => event.type === 'PlayerJoined');
    expect(joined).toMatchObject({ data: { paymentId, held: true } });
    await waitFor('the authorization webhook handled', async () =>
      (await processorEventsOf(paymentId)).includes('payment_intent.amount_capturable_updated'),
    );
    await allWebhooksHandled(db);
    expect(await ledgerOf(paymentId)).toEqual({ received: 0, refunds: 0, refundedCents: 0 });
    // The member is on the roster like any paying one.
    const game = (await captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    expect(game.sideline.map((participant) => participant.username)).toContain('held0');
    // The page counts it as held, not charged: a cancellation would charge no card.
    expect(game.entryPayments).toEqual({ charged: 0, held: 1 });
  });

  it('captures every hold once when the game goes ahead, however often and concurrently its webhooks come', async () => {
    const { gameId, decisionAt } = await bookThinGame(2);
    const entries = await Promise.all(players.slice(0, 3).map((player) => joinHeld(player, gameId)));

    // The decision, run three times at once (a job retried), charges once.
    const decided = await Promise.all(
      [0, 1, 2].map((second) => decide(gameId, new Date(decisionAt.getTime() + second * 1000))),
    );
    expect(decided.flatMap((outcome) => outcome.events.map((event) => event.type))).toEqual(['HeldEntriesCharged']);
    for (const paymentId of entries)
      await waitFor(`${paymentId} captured`, async () => (await statusOf(paymentId)) === 'succeeded');
    await allWebhooksHandled(db);

    // Every webhook of these payments again, the same event many times at once and under new ids.
    const sign = signedBy(app.payments.simulated!.signingSecret);
    const sent = (await sentWebhooks(db)).filter((event) => entries.includes(event.payment_id));
    expect(new Set(sent.map((event) => event.type))).toEqual(
      new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']),
    );
    const replays = sent.flatMap((event, index) => [
      ...Array.from({ length: 5 }, () => event.payload),
      JSON.stringify({ ...JSON.parse(event.payload), id: `evt_replayed_${index}_${gameId}` }),
      JSON.stringify({ ...JSON.parse(event.payload), id: `evt_replayed_again_${index}_${gameId}` }),
    ]);
    const answers = await Promise.all(replays.map((payload) => postWebhook(app.url, payload, sign(payload))));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Capturing again, by the same key or another, changes nothing either.
    await Promise.all(
      entries.map((paymentId) => app.payments.holds.capture(paymentId, `capture-${gameId}-${paymentId}`)),
    );
    await Promise.all(entries.map((paymentId) => app.payments.holds.capture(paymentId, `another-${paymentId}`)));

    for (const paymentId of entries) {
      expect(await ledgerOf(paymentId)).toEqual({ received: 1, refunds: 0, refundedCents: 0 });
      expect((await processorEventsOf(paymentId)).filter((type) => type === 'payment_intent.succeeded')).toHaveLength(
        1,
      );
    }
    // The members stay members; the game stays on.
    const events = await eventsOf(gameId);
    expect(events.filter((event) => event.type === 'HeldEntriesCharged')).toHaveLength(1);
    expect(events.some((event) => event.type === 'GameCancelled' || event.type === 'PlayerLeft')).toBe(false);
    await waitFor('the payments in the read ledger', async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM read.ledger_entries WHERE kind = 'payment' AND payment_id = ANY($1)`,
        [entries],
      );
      return rows[0]!.n === entries.length;
    });
  });

  it('releases every hold of a game cancelled for too few players: nothing charged, no refund in the ledger', async () => {
    const { gameId, decisionAt } = await bookThinGame(5);
    const entries = await Promise.all(players.slice(0, 2).map((player) => joinHeld(player, gameId)));
    const { events } = await decide(gameId, decisionAt);
    expect(events).toMatchObject([
      {
        type: 'GameCancelled',
        data: { reason: 'too_few_players', entryRefunds: [], releasedEntries: expect.any(Array) },
      },
    ]);
    const cancelled = events[0] as Extract<GameEvent, { type: 'GameCancelled' }>;
    expect(new Set(cancelled.data.releasedEntries!.map((entry) => entry.paymentId))).toEqual(new Set(entries));
    // Everyone is told the holds are released, not refunded, and the page says so too.
    await expectNotified(
      players[0]!,
      'game-cancelled',
      /^Held \d+ on .+ was cancelled: fewer than 5 players had joined by the decision time\. Nothing was charged: the hold on your card is released\.$/,
    );
    await expectNotified(
      captain,
      'minimum-missed',
      /^Held \d+ on .+ was cancelled by itself: fewer than 5 players had joined by the decision time\. No card was charged: every hold is released\.$/,
    );
    const page = await waitFor('the cancellation on the page', async () => {
      const seen = (await anonymous.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
      return seen.status === 'cancelled' && seen;
    });
    expect(page.entryPayments).toEqual({ charged: 0, held: 2 });
    for (const paymentId of entries)
      await waitFor(`${paymentId} released`, async () => (await statusOf(paymentId)) === 'canceled');
    await allWebhooksHandled(db);
    for (const paymentId of entries) {
      expect(await ledgerOf(paymentId)).toEqual({ received: 0, refunds: 0, refundedCents: 0 });
      expect(await app.payments.processor.listRefunds(paymentId)).toEqual([]);
      expect(await processorEventsOf(paymentId)).toEqual([
        'payment_intent.amount_capturable_updated',
        'payment_intent.canceled',
      ]);
    }
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM read.ledger_entries WHERE payment_id = ANY($1)`,
      [entries],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("releases a removed player's hold instead of refunding it, once however often the organizer presses Remove", async () => {
    const { gameId } = await bookThinGame(2);
    const paymentId = await joinHeld(players[0]!, gameId);
    const playerId = ((await players[0]!.get('/api/get-user')).json as { userId: string }).userId;
    const removals = await Promise.all(
      Array.from({ length: 10 }, () => captain.post('/api/remove-player', { gameId, participantId: playerId })),
    );
    expect(removals.filter((answer) => answer.status === 200)).toHaveLength(1);
    await waitFor(`${paymentId} released`, async () => (await statusOf(paymentId)) === 'canceled');
    await allWebhooksHandled(db);
    expect(await ledgerOf(paymentId)).toEqual({ received: 0, refunds: 0, refundedCents: 0 });
    expect(await processorEventsOf(paymentId)).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.canceled',
    ]);
    // The player is told their hold is released (nothing was refunded: nothing was charged), the page's
    // removal says so, and so does the refusal of their join.
    await expectNotified(
      players[0]!,
      'removed',
      /^The organizer removed you from Held \d+ on .+\. Nothing was charged: the hold on your card is released\.$/,
    );
    const page = (await players[0]!.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    expect(page.removed).toEqual([{ userId: playerId, username: 'held0', entryRefunded: true, entryReleased: true }]);
    const rejoin = await players[0]!.post('/api/join-game', { gameId, team: 0 });
    expect(rejoin.status).toBe(403);
    expect((rejoin.json as { error: { message: string } }).error.message).toBe(REMOVED_HOLD_RELEASED);
  });

  it('a leave racing the decision ends each entry captured or released, never both, and never charges a leaver the decision did not count', async () => {
    const games = [];
    for (let round = 0; round < 3; round++) games.push(await bookThinGame(2));
    const entries = new Map<string, Map<number, string>>();
    for (const { gameId } of games) {
      const paid = await Promise.all(players.slice(0, 10).map((player) => joinHeld(player, gameId)));
      entries.set(gameId, new Map(paid.map((paymentId, index) => [index, paymentId])));
    }
    // Every game's decision, and half its members leaving, all at once.
    const race = games.flatMap(({ gameId, decisionAt }) => [
      decide(gameId, decisionAt).then(() => 200),
      ...players.slice(0, 5).map(async (player) => (await player.post('/api/leave-game', { gameId })).status),
    ]);
    for (const status of await Promise.all(race)) expect(status).toBe(200);

    for (const { gameId } of games) {
      const events = await eventsOf(gameId);
      const chargedAt = events.findIndex((event) => event.type === 'HeldEntriesCharged');
      expect(chargedAt).toBeGreaterThan(0);
      const charged = new Set(
        (events[chargedAt] as Extract<GameEvent, { type: 'HeldEntriesCharged' }>).data.entries.map(
          (entry) => entry.paymentId,
        ),
      );
      const released = new Set(
        events.flatMap((event) => (event.type === 'EntryHoldReleased' ? [event.data.paymentId] : [])),
      );
      for (const [index, paymentId] of entries.get(gameId)!) {
        // Decided once: charged by the decision or released by a leave before it, never both.
        expect(charged.has(paymentId) !== released.has(paymentId), paymentId).toBe(true);
        const leftAt = events.findIndex(
          (event) =>
            event.type === 'PlayerLeft' &&
            event.data.playerId ===
              (
                events.find(
                  (joined) => joined.type === 'PlayerJoined' && joined.data.paymentId === paymentId,
                ) as Extract<GameEvent, { type: 'PlayerJoined' }>
              ).data.playerId,
        );
        if (index >= 5) expect(leftAt, 'a member who stayed').toBe(-1);
        // A leave the decision came after was released; one after the decision keeps a charged entry.
        if (leftAt !== -1) expect(released.has(paymentId)).toBe(leftAt < chargedAt);
        const final = charged.has(paymentId) ? 'succeeded' : 'canceled';
        await waitFor(`${paymentId} ${final}`, async () => (await statusOf(paymentId)) === final);
        const types = await processorEventsOf(paymentId);
        expect(types.includes('payment_intent.succeeded') && types.includes('payment_intent.canceled')).toBe(false);
      }
    }
  });
});

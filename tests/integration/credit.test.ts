/**
 * Issue #45, late cancellations and credit, over real HTTP: leaving within the organizer's free
 * cancellation refunds in full (to the card or as Playtime credit), a later leave keeps the entry until
 * the place is taken again from the waitlist (then it comes back as credit, once), credit pays an entry
 * in full or in part and is never spent twice under many concurrent checkouts, and the organizer's
 * table says who has paid. After each test every credit account balances against the ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import {
  GAME_PAYMENTS_FORBIDDEN,
  type GamePaymentsAnswer,
  type LeaveAnswer,
  type PaidWithCredit,
  type WalletAnswer,
} from '@playtime/shared/contract/credit';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { REALTIME_EVENTS, type ChangedMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import type { GameDetail } from '@playtime/shared/contract/games';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import { demoClients, signUpPlayer } from '../support/accounts';
import { accessTokenFor, ApiClient } from '../support/api-client';
import { creditAccounts, expectCreditBalances } from '../support/credit';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { GOOD_CARD } from '../support/payments';
import { JOINED, connectSocket } from '../support/sockets';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

/** Far more than any of these games is away: every leave is after free cancellation. */
const LATE = 72;
/** Free until the start: every leave is within free cancellation. */
const FREE = 0;

describe('late cancellations, Playtime credit and who has paid over HTTP', () => {
  let app: TestApp;
  let store: EventStore;
  let anonymous: ApiClient;
  let owner: ApiClient;
  let captain: ApiClient;
  let admin: ApiClient;
  let pitch: string;
  let nextHour = 8;
  const { accounts, newPlayer } = creditAccounts(() => app, 'credit');

  /** The captain's game in the next free hour of the pitch. */
  async function bookGame(priceDollars: string, freeCancellationHours: number, draft: Record<string, unknown> = {}) {
    const from = nextHour;
    nextHour += 1;
    const { gameId } = await bookPaidGame(captain, anonymous, pitch, from, from + 1, {
      name: `Credit ${from}`,
      maxPlayers: 14,
      price: priceDollars,
      freeCancellationHours,
      ...draft,
    });
    return gameId;
  }

  const entry = (gameId: string): PaymentPurpose => ({ kind: 'entry', gameId });

  async function payAndJoin(player: ApiClient, gameId: string, priceCents: number): Promise<string> {
    player.seesWritesOf(captain);
    const paymentId = await payInFull(player, anonymous, entry(gameId), priceCents);
    const joined = await player.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    return paymentId;
  }

  const leave = async (player: ApiClient, gameId: string, refundTo?: 'card' | 'credit') => {
    const left = await player.post('/api/leave-game', { gameId, ...(refundTo ? { refundTo } : {}) });
    expect(left.status, left.text).toBe(200);
    return (left.json as LeaveAnswer).refund;
  };

  const walletOf = (player: ApiClient) => player.read<WalletAnswer>('/api/wallet');

  const waitForBalance = (player: ApiClient, cents: number) =>
    waitFor(`a credit balance of ${cents}`, async () => {
      const wallet = await walletOf(player);
      return wallet.balanceCents === cents ? wallet : undefined;
    });

  const paymentsOf = async (gameId: string) => {
    for (const account of accounts) captain.seesWritesOf(account.client);
    return (await captain.read<GamePaymentsAnswer>(`/api/game-payments?gameId=${gameId}`)).items;
  };

  const waitForPaymentState = (gameId: string, userId: string, state: string) =>
    waitFor(`${userId}'s payment ${state}`, async () => {
      const items = await paymentsOf(gameId);
      return items.find((item) => item.userId === userId && item.state === state);
    });

  beforeAll(async () => {
    app = await startTestApp();
    store = await PostgresEventStore.connect(app.databaseUrl);
    anonymous = new ApiClient(app.url, null);
    [owner, captain, admin] = await demoClients(app.url, 'owner', 'captain', 'admin');
    ({ subFieldId: pitch } = await addAvailableField(owner, { name: 'Credit Park', address: '45 Refund Rd' }));
    captain.seesWritesOf(owner);
  }, 120_000);

  afterEach(() => expectCreditBalances(store, accounts));

  afterAll(async () => {
    await store?.close();
    await app?.dispose();
  });

  it('refunds a leave within free cancellation in full, to the card or as credit, and says so', async () => {
    const toCard = await newPlayer();
    const toCredit = await newPlayer();
    const gameId = await bookGame('5', FREE);
    const cardPayment = await payAndJoin(toCard.client, gameId, 500);
    await payAndJoin(toCredit.client, gameId, 500);

    expect(await leave(toCard.client, gameId)).toEqual({ kind: 'card', amountCents: 500 });
    expect(await leave(toCredit.client, gameId, 'credit')).toEqual({ kind: 'credit', amountCents: 500 });

    await waitFor('the card refund', async () => {
      const payment = await app.payments.processor.retrievePayment(cardPayment);
      return payment?.refundedCents === 500 || undefined;
    });
    const wallet = await waitForBalance(toCredit.client, 500);
    expect(wallet.entries).toEqual([
      expect.objectContaining({ amountCents: 500, reason: 'left_in_free_window', gameId }),
    ]);
    expect((await walletOf(toCard.client)).balanceCents).toBe(0);
    await waitForPaymentState(gameId, toCard.userId, 'refunded');
    await waitForPaymentState(gameId, toCredit.userId, 'credited');
    // Refunded: rejoining is a new entry, paid again.
    const again = await toCard.client.post('/api/join-game', { gameId, team: 0 });
    expect(again.status, again.text).toBe(422);
  });

  it('keeps a late leaver’s entry (a free rejoin), and turns it into credit once when the waitlist refills the place', async () => {
    const gameId = await bookGame('1', LATE, { sidelineSize: 0 });
    const players = await Promise.all(Array.from({ length: 14 }, () => newPlayer()));
    const waiting = await newPlayer();
    await Promise.all(players.map((one) => payAndJoin(one.client, gameId, 100)));
    const [leaver, other] = players as [(typeof players)[0], (typeof players)[0]];

    // A late leave keeps the entry: nothing refunded, and the leaver may come back for free.
    expect(await leave(other.client, gameId)).toEqual({ kind: 'none', amountCents: 0 });
    await waitForPaymentState(gameId, other.userId, 'kept');
    const rejoined = await other.client.post('/api/join-game', { gameId, team: 0 });
    expect(rejoined.status, rejoined.text).toBe(200);
    await waitForPaymentState(gameId, other.userId, 'paid');

    waiting.client.seesWritesOf(other.client);
    const queued = await waiting.client.post('/api/join-waitlist', { gameId });
    expect(queued.status, queued.text).toBe(200);
    expect(await leave(leaver.client, gameId, 'credit')).toEqual({ kind: 'none', amountCents: 0 });

    // The place is offered to the waitlist, taken, and the leaver's entry comes back as credit, once.
    waiting.client.seesWritesOf(leaver.client);
    await payAndJoin(waiting.client, gameId, 100);
    const wallet = await waitForBalance(leaver.client, 100);
    expect(wallet.entries).toEqual([expect.objectContaining({ amountCents: 100, reason: 'place_refilled', gameId })]);
    await waitForPaymentState(gameId, leaver.userId, 'credited');

    // Another late leave and refill later credits that leaver, never the first again.
    const second = players[2]!;
    const more = await newPlayer();
    more.client.seesWritesOf(second.client);
    expect((await more.client.post('/api/join-waitlist', { gameId })).status).toBe(200);
    expect(await leave(second.client, gameId)).toEqual({ kind: 'none', amountCents: 0 });
    more.client.seesWritesOf(second.client);
    await payAndJoin(more.client, gameId, 100);
    await waitForBalance(second.client, 100);
    expect((await walletOf(leaver.client)).entries).toHaveLength(1);
    // Credited, the entry is no longer the leaver's to rejoin with.
    captain.seesWritesOf(leaver.client);
    const game = await captain.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);
    expect(game.heldEntries).not.toContain(leaver.userId);
  });

  it('pays an entry with credit in full (no card) and in part (the card the rest)', async () => {
    const player = await newPlayer();
    const first = await bookGame('6', FREE);
    await payAndJoin(player.client, first, 600);
    expect(await leave(player.client, first, 'credit')).toEqual({ kind: 'credit', amountCents: 600 });
    await waitForBalance(player.client, 600);

    // Credit covers a $4 entry: no card, join with the credit payment.
    const covered = await bookGame('4', FREE);
    player.client.seesWritesOf(captain);
    const paid = await player.client.post('/api/checkout', { price: 400, purpose: entry(covered), useCredit: true });
    expect(paid.status, paid.text).toBe(200);
    const { paymentId, paidWithCredit } = paid.json as PaidWithCredit;
    expect(paidWithCredit).toBe(true);
    const joined = await player.client.post('/api/join-game', { gameId: covered, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    expect((await walletOf(player.client)).balanceCents).toBe(200);

    // Credit covers $2 of a $5 entry: the card pays $3, and the join counts both.
    const partly = await bookGame('5', FREE);
    player.client.seesWritesOf(captain);
    const secret = await player.client.post('/api/checkout', { price: 500, purpose: entry(partly), useCredit: true });
    expect(secret.status, secret.text).toBe(200);
    const cardPayment = paymentIdOfClientSecret(secret.text)!;
    expect((await app.payments.processor.retrievePayment(cardPayment))?.amountCents).toBe(300);
    const confirmed = await anonymous.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      ...GOOD_CARD,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const joinedPartly = await player.client.post('/api/join-game', {
      gameId: partly,
      team: 0,
      paymentId: cardPayment,
    });
    expect(joinedPartly.status, joinedPartly.text).toBe(200);
    expect((await walletOf(player.client)).balanceCents).toBe(0);
    const row = await waitForPaymentState(partly, player.userId, 'paid');
    expect(row).toMatchObject({ amountCents: 500, guests: 0 });

    // Leaving within free cancellation as credit gives back both parts.
    expect(await leave(player.client, partly, 'credit')).toEqual({ kind: 'credit', amountCents: 500 });
    await waitForBalance(player.client, 500);
  });

  it('never spends one credit twice, however many checkouts race for it', async () => {
    const player = await newPlayer();
    const source = await bookGame('3', FREE);
    await payAndJoin(player.client, source, 300);
    await leave(player.client, source, 'credit');
    await waitForBalance(player.client, 300);

    const games = [];
    for (let index = 0; index < 6; index += 1) games.push(await bookGame('3', FREE));
    player.client.seesWritesOf(captain);
    const answers = await Promise.all(
      games.flatMap((gameId) =>
        [1, 2].map(() => player.client.post('/api/checkout', { price: 300, purpose: entry(gameId), useCredit: true })),
      ),
    );
    const byCredit = answers.filter(
      (answer) => answer.status === 200 && (answer.json as PaidWithCredit)?.paidWithCredit,
    );
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    // The same checkout twice names the same credit payment; two games never share the credit.
    const paidGames = new Set(byCredit.map((answer) => (answer.json as PaidWithCredit).paymentId));
    expect(paidGames.size).toBe(1);
    const wallet = await walletOf(player.client);
    expect(wallet.balanceCents).toBe(0);
    expect(wallet.entries.filter((one) => one.amountCents < 0)).toHaveLength(1);
  });

  it('shows who has paid to the organizer and admins only', async () => {
    const player = await newPlayer();
    const gameId = await bookGame('2', FREE);
    await payAndJoin(player.client, gameId, 200);
    const row = await waitForPaymentState(gameId, player.userId, 'paid');
    expect(row).toMatchObject({ username: `credit${accounts.length}`, guests: 0, amountCents: 200 });

    player.client.seesWritesOf(captain);
    const refused = await player.client.get(`/api/game-payments?gameId=${gameId}`);
    expect(refused.status).toBe(403);
    expect((refused.json as { error: { message: string } }).error.message).toMatch(/organizer or an admin/);
    const seen = await admin.get(`/api/game-payments?gameId=${gameId}`);
    expect(seen.status, seen.text).toBe(200);
    expect((seen.json as GamePaymentsAnswer).items).toHaveLength(1);
    expect((await captain.get('/api/game-payments?gameId=')).status).toBe(400);
  });
  it("keeps who has paid live for the organizer on the game's payments room, which nobody else may follow", async () => {
    const player = await newPlayer();
    const gameId = await bookGame('2', FREE);
    const socketOf = async (email: string) =>
      (await connectSocket(app, email ? await accessTokenFor(app.url, email) : '')).socket;
    const join = (socket: Socket, room: string) =>
      new Promise<JoinAnswer>((resolve) => socket.emit(REALTIME_EVENTS.join, room, resolve));
    const organizer = await socketOf('captain@playtime.test');
    // Another player of the demo: not this game's organizer.
    const stranger = await socketOf('player@playtime.test');
    const guest = await socketOf('');
    try {
      const heard: ChangedMessage[] = [];
      organizer.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.push(message));
      expect(await join(organizer, rooms.payments(gameId))).toEqual(JOINED);
      expect(await join(organizer, rooms.game(gameId))).toEqual(JOINED);
      expect(await join(stranger, rooms.payments(gameId))).toMatchObject({ ok: false, error: GAME_PAYMENTS_FORBIDDEN });
      expect((await join(guest, rooms.payments(gameId))).ok).toBe(false);

      await payAndJoin(player.client, gameId, 200);
      await waitFor('the payments room to hear of the entry', async () =>
        heard.find(
          (message) => message.room === rooms.payments(gameId) && message.projection === PROJECTIONS.gamePayments,
        ),
      );
      // The game's public room hears the roster, never the payments' read model.
      expect(heard.filter((message) => message.projection === PROJECTIONS.gamePayments).map((m) => m.room)).toEqual([
        rooms.payments(gameId),
      ]);
    } finally {
      for (const socket of [organizer, stranger, guest]) socket.close();
    }
  });

  it("counts every entry in the wallet's balance and lists the newest 50, from one moment of the read model", async () => {
    // Not one of the ledger's accounts checked after each test: these entries are the read model's alone.
    const client = await signUpPlayer(app, 'wallet-many@playtime.test', 'walletmany');
    const { userId } = (await client.get('/api/get-user')).json as { userId: string };
    // Sixty grants of 1 to 60 cents, the n-th n minutes old: more than the wallet lists.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO read.credit_entries (entry_id, user_id, amount_cents, reason, game_id, at)
         SELECT 'many-' || n, $1, n, 'place_refilled', NULL, now() - n * interval '1 minute'
           FROM generate_series(1, 60) AS n`,
        [userId],
      );
    } finally {
      await db.end();
    }
    const wallet = await walletOf(client);
    expect(wallet.balanceCents).toBe((60 * 61) / 2);
    expect(wallet.entries.map((listed) => listed.amountCents)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  });
});

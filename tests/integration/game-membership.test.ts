/**
 * The second pass of the game loop over real HTTP (DESIGN §8): a player who paid, left and comes back
 * rejoins for free; a player the organizer removes is refunded in full once and kept out until allowed
 * back; cards count team players and the sideline; add-game takes only the draft the hold fixed; prices
 * are plain decimal dollars. Concurrency is proved with many requests at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_HELD, REMOVED_BY_ORGANIZER } from '@playtime/shared/domain/games/messages';
import {
  PRICE_FORMAT_MESSAGE,
  type GameDetail,
  type GameInList,
  type GameSearchResult,
} from '@playtime/shared/contract/games';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { REALTIME_EVENTS, type ChangedMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import { demoClients, signedIn } from '../support/accounts';
import { ApiClient, accessTokenFor, type ApiAnswer } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, holdSlot, payInFull } from '../support/game-loop';
import { ledgerRefunds, postWebhook, signedBy } from '../support/payments';
import { JOINED, connectSocket } from '../support/sockets';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';
import { at } from '../support/time';

/** Issue #45: free cancellation ends 72 hours before these games: a leave keeps the entry (a free rejoin). */
const LEAVES_ARE_LATE = 72;

const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe('rejoining, removal, counts and the held draft over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let anonymous: ApiClient;
  let owner: ApiClient;
  let captain: ApiClient;
  let player: ApiClient;
  let playerId: string;
  let pitch: string;

  const checkout = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    client.post('/api/checkout', { price, email: 'pay@playtime.test', name: 'Pat', receiver: 'captain', purpose });

  const pay = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(client, anonymous, purpose, price);

  /** The captain's hold on the pitch, which must be granted. */
  async function hold(from: number, to: number, draft: Record<string, unknown>) {
    const held = await holdSlot(captain, pitch, from, to, draft);
    expect(held.status, held.text).toBe(200);
    return held.json as { holdId: string; rentalCents: number };
  }

  /** The captain's paid game on the pitch, which the player then sees. */
  async function bookGame(from: number, to: number, draft: Record<string, unknown>): Promise<string> {
    const { gameId } = await bookPaidGame(captain, anonymous, pitch, from, to, draft);
    player.seesWritesOf(captain);
    return gameId;
  }

  /** The game as everyone's writes so far left it. */
  const gameData = async (gameId: string) => {
    captain.seesWritesOf(player);
    return captain.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);
  };

  const refundsOf = (paymentId: string) => ledgerRefunds(db, paymentId);

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    anonymous = new ApiClient(app.url, null);
    [owner, captain, player] = await demoClients(app.url, 'owner', 'captain', 'player');
    playerId = ((await player.get('/api/get-user')).json as { userId: string }).userId;
    ({ subFieldId: pitch } = await addAvailableField(owner, { name: 'Second Pass Park', address: '2 Pier Rd' }));
    captain.seesWritesOf(owner);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it('lets a player who paid and left rejoin for free, with no second charge, and counts the sideline on every card', async () => {
    const gameId = await bookGame(9, 10, {
      name: 'Rejoin Run',
      maxPlayers: 14,
      price: '6',
      freeCancellationHours: LEAVES_ARE_LATE,
    });
    const paymentId = await pay(player, { kind: 'entry', gameId }, 600);
    expect((await player.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);

    // '0 / 14 players · 1 on the sideline' needs both numbers on the page, the search cards and the lists.
    expect(await gameData(gameId)).toMatchObject({ playerCount: 0, sidelineCount: 1 });
    player.seesWritesOf(captain);
    const near = (await player.get('/api/get-games?latitude=40.7506&longitude=-73.9972&distance=16.09'))
      .json as GameSearchResult[];
    expect(near.find((game) => game.game_id === gameId)).toMatchObject({ playerCount: 0, sidelineCount: 1 });
    const mine = (await player.get('/api/get-user-games')).json as GameInList[];
    expect(mine.find((game) => game.gameId === gameId)).toMatchObject({ playerCount: 0, sidelineCount: 1 });

    expect((await player.post('/api/leave-game', { gameId })).status).toBe(200);
    expect((await gameData(gameId)).heldEntries).toEqual([playerId]);
    // The entry is still theirs: checkout has nothing to sell them, and a second payment cannot buy a place.
    const again = await checkout(player, { kind: 'entry', gameId }, 600);
    expect(again.status, again.text).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'entry_held', message: ENTRY_HELD });

    // Twenty rejoins at once: every one answers, and the player is in once, on the team asked for.
    const rejoins = await Promise.all(
      Array.from({ length: 20 }, () => player.post('/api/join-game', { gameId, team: 1 })),
    );
    for (const answer of rejoins) expect(answer.status, answer.text).toBe(200);
    const game = await gameData(gameId);
    expect(game.team_1.map((participant) => participant.userId)).toEqual([playerId]);
    expect(game.sideline).toEqual([]);
    expect(game.heldEntries).toEqual([]);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({
      status: 'succeeded',
      refundedCents: 0,
    });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM simulated_payments.payments WHERE payer_id = $1 AND purpose ->> 'gameId' = $2`,
      [playerId, gameId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("does not bring a player back when their payment's webhook arrives after they left", async () => {
    const gameId = await bookGame(10, 11, {
      name: 'Late Webhook',
      maxPlayers: 14,
      price: '4.50',
      freeCancellationHours: LEAVES_ARE_LATE,
    });
    const paymentId = await pay(player, { kind: 'entry', gameId }, 450);
    expect((await player.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);
    expect((await player.post('/api/leave-game', { gameId })).status).toBe(200);
    const { rows } = await db.query<{ payload: string }>(
      `SELECT payload FROM simulated_payments.events WHERE type = 'payment_intent.succeeded' AND payload::jsonb #>> '{data,object,id}' = $1`,
      [paymentId],
    );
    const late = JSON.stringify({ ...JSON.parse(rows[0]!.payload), id: `evt_after_leaving_${gameId}` });
    const delivered = await postWebhook(app.url, late, signedBy(app.payments.simulated!.signingSecret)(late));
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const game = await gameData(gameId);
    expect([...game.team_1, ...game.team_2, ...game.sideline]).toEqual([]);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({ refundedCents: 0 });
  });

  it('refunds a removed player in full once, keeps them out with a message, and lets the organizer allow them back', async () => {
    const gameId = await bookGame(11, 12, { name: 'Removal Run', maxPlayers: 14, price: '8' });
    const paymentId = await pay(player, { kind: 'entry', gameId }, 800);
    expect((await player.post('/api/join-game', { gameId, team: 2, paymentId })).status).toBe(200);

    expect((await player.post('/api/remove-player', { gameId, participantId: playerId })).status).toBe(403);
    // The organizer presses Remove twenty times at once: one removal, one refund.
    const removals = await Promise.all(
      Array.from({ length: 20 }, () => captain.post('/api/remove-player', { gameId, participantId: playerId })),
    );
    expect(removals.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of removals.filter((answer) => answer.status !== 200))
      expect(errorOf(answer).code, answer.text).toBe('not_a_player');
    await waitFor("the removed player's refund", async () => (await refundsOf(paymentId)).length === 1);
    expect(await refundsOf(paymentId)).toEqual([800]);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({ refundedCents: 800 });

    let game = await gameData(gameId);
    expect(game.removed).toEqual([
      { userId: playerId, username: expect.any(String), entryRefunded: true, entryReleased: false },
    ]);
    expect(game.team_2).toEqual([]);
    const blocked = await player.post('/api/join-game', { gameId, team: 0 });
    expect(blocked.status).toBe(403);
    expect(errorOf(blocked)).toMatchObject({ code: 'removed_by_organizer', message: REMOVED_BY_ORGANIZER });
    expect((await checkout(player, { kind: 'entry', gameId }, 800)).status).toBe(200);

    // Allowed back, the refund stands: the player pays again, with a new payment, and the refunded one buys nothing.
    expect((await player.post('/api/allow-player-back', { gameId, participantId: playerId })).status).toBe(403);
    expect((await captain.post('/api/allow-player-back', { gameId, participantId: playerId })).status).toBe(200);
    game = await gameData(gameId);
    expect(game.removed).toEqual([]);
    expect(errorOf(await player.post('/api/join-game', { gameId, team: 0, paymentId })).code).toBe('payment_used');
    const second = await pay(player, { kind: 'entry', gameId }, 800);
    expect(second).not.toBe(paymentId);
    expect((await player.post('/api/join-game', { gameId, team: 0, paymentId: second })).status).toBe(200);
    expect((await gameData(gameId)).sideline.map((participant) => participant.userId)).toEqual([playerId]);
    // Cancelling now refunds the second entry; the first was refunded at removal and is not refunded again.
    expect((await captain.post('/api/delete-game', { gameId })).status).toBe(200);
    await waitFor('the second entry refunded', async () => (await refundsOf(second)).length === 1);
    expect(await refundsOf(paymentId)).toEqual([800]);
  });

  it('tells only the organizer and admins whose entries are held and who was removed; a player learns only their own', async () => {
    const gameId = await bookGame(17, 18, {
      name: 'Quiet Roster',
      maxPlayers: 14,
      price: '3',
      freeCancellationHours: LEAVES_ARE_LATE,
    });
    const paymentId = await pay(player, { kind: 'entry', gameId }, 300);
    expect((await player.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);
    const admin = await signedIn(app.url, 'admin');
    /** What each caller is told, once the organizer's view has every write so far (guests never wait). */
    const views = async () => {
      const organizer = await gameData(gameId);
      const as = async (client: ApiClient) => {
        const answer = await client.seesWritesOf(captain).get(`/api/get-game-data?gameId=${gameId}`);
        expect(answer.status, answer.text).toBe(200);
        const { heldEntries, removed } = answer.json as GameDetail;
        return { heldEntries, removed };
      };
      return {
        organizer: { heldEntries: organizer.heldEntries, removed: organizer.removed },
        admin: await as(admin),
        player: await as(player),
        stranger: await as(owner),
        guest: await as(anonymous),
      };
    };

    expect((await player.post('/api/leave-game', { gameId })).status).toBe(200);
    const none = { heldEntries: [], removed: [] };
    const held = { heldEntries: [playerId], removed: [] };
    expect(await views()).toEqual({ organizer: held, admin: held, player: held, stranger: none, guest: none });

    expect((await player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
    // Someone else follows the game's page live: what the room hears names nobody.
    const { socket } = await connectSocket(app, await accessTokenFor(app.url, 'owner@playtime.test'));
    const heard: ChangedMessage[] = [];
    try {
      socket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.push(message));
      const joined = await new Promise<JoinAnswer>((resolve) =>
        socket.emit(REALTIME_EVENTS.join, rooms.game(gameId), resolve),
      );
      expect(joined).toEqual(JOINED);
      captain.seesWritesOf(player);
      expect((await captain.post('/api/remove-player', { gameId, participantId: playerId })).status).toBe(200);
      await waitFor("the removed player's refund", async () => (await refundsOf(paymentId)).length === 1);
      const gone = {
        heldEntries: [],
        removed: [{ userId: playerId, username: expect.any(String), entryRefunded: true, entryReleased: false }],
      };
      expect(await views()).toEqual({ organizer: gone, admin: gone, player: gone, stranger: none, guest: none });
      await waitFor('the removal pushed to the room', async () =>
        heard.some((message) => message.projection === 'games'),
      );
      for (const message of heard)
        expect(message).toEqual({
          room: rooms.game(gameId),
          projection: expect.any(String),
          keys: [rooms.game(gameId)],
          checkpoint: expect.any(String),
        });
    } finally {
      socket.close();
    }
  });

  it('refuses an add-game draft that differs from the hold, naming the held values, and takes the same draft', async () => {
    const draft = { name: 'Held Draft', maxPlayers: 16, price: '5' };
    const { holdId, rentalCents } = await hold(13, 14, draft);
    const paymentId = await pay(captain, { kind: 'rental', holdId }, rentalCents);
    for (const changed of [
      { name: 'Other Name' },
      { maxPlayers: 22 },
      { price: '9' },
      { startDate: at(13.5) },
      { endDate: at(15) },
    ]) {
      const answer = await captain.post('/api/add-game', {
        subFieldId: pitch,
        holdId,
        paymentId,
        ...draft,
        startDate: at(13),
        endDate: at(14),
        ...changed,
      });
      expect(answer.status, answer.text).toBe(409);
      expect(errorOf(answer).code).toBe('draft_differs_from_hold');
      expect(errorOf(answer).message).toContain('"Held Draft", 16 players, entry $5.00');
    }
    const added = await captain.post('/api/add-game', {
      subFieldId: pitch,
      holdId,
      paymentId,
      ...draft,
      price: '$5.00',
      startDate: at(13),
      endDate: at(14),
    });
    expect(added.status, added.text).toBe(200);
    expect(await gameData((added.json as { gameId: string }).gameId)).toMatchObject({
      name: 'Held Draft',
      max_players: 16,
      priceCents: 500,
    });
  });

  it('refuses an add-game sideline, minimum or decision time other than the held ones, and any unknown key (issue #41)', async () => {
    const draft = { name: 'Held Sizes', maxPlayers: 16, price: '0', sidelineSize: 3, minPlayers: 10, decisionHours: 5 };
    const { holdId, rentalCents } = await hold(16, 17, draft);
    const paymentId = await pay(captain, { kind: 'rental', holdId }, rentalCents);
    const base = { subFieldId: pitch, holdId, paymentId, ...draft, startDate: at(16), endDate: at(17) };
    for (const changed of [{ sidelineSize: 6 }, { minPlayers: 12 }, { minPlayers: null }, { decisionHours: 8 }]) {
      const answer = await captain.post('/api/add-game', { ...base, ...changed });
      expect(answer.status, `${JSON.stringify(changed)}: ${answer.text}`).toBe(409);
      expect(errorOf(answer).code).toBe('draft_differs_from_hold');
      expect(errorOf(answer).message).toContain('sideline of 3, at least 10 players, checked 5 hours before the start');
    }
    const unknown = await captain.post('/api/add-game', { ...base, sidelineSise: 6, repeatWeeks: 4 });
    expect(unknown.status, unknown.text).toBe(400);
    expect(errorOf(unknown).message).toMatch(/^add-game does not take sidelineSise, repeatWeeks\./);
    const added = await captain.post('/api/add-game', base);
    expect(added.status, added.text).toBe(200);
    expect(await gameData((added.json as { gameId: string }).gameId)).toMatchObject({
      sidelineSize: 3,
      minPlayers: 10,
    });
  });

  it('takes prices only as plain decimal dollars and says what to type otherwise', async () => {
    for (const price of ['0x10', '5e2', '12.345', 'Infinity']) {
      const answer = await captain.post('/api/hold-slot', {
        subFieldId: pitch,
        startDate: at(15),
        endDate: at(16),
        price,
      });
      expect(answer.status, `${price}: ${answer.text}`).toBe(400);
      expect(answer.text).toContain(PRICE_FORMAT_MESSAGE);
    }
    const { holdId } = await hold(15, 16, { price: '$12.5' });
    expect(holdId).toBeTruthy();
  });
});

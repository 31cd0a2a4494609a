/**
 * The game loop over real HTTP on the standalone app: a captain holds a slot, pays the rental with the
 * simulated card processor and creates the game; players find it by distance, pay the entry and join,
 * move and get substituted; the organizer cancels and everything paid comes back once. Concurrency
 * on holds and on the pitch's capacity is proved with many requests at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_FULL } from '@playtime/shared/domain/games/messages';
import type { GameDetail, GameInList, GameSearchResult } from '@playtime/shared/contract/games';
import type { OwnerField } from '@playtime/shared/contract/fields';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { gameIdForHold } from '@playtime/shared/game-loop/book-held-slot/booking';
import { gameStream } from '@playtime/shared/domain/games/events';
import { compareCheckpoints, parseCheckpoint } from '@playtime/shared/contract/checkpoints';
import { POSITION_HEADER, STALE_HEADER } from '@playtime/shared/contract/headers';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import { SIGNATURE_HEADER, signWebhook } from '@playtime/shared/infra/payments/stripe-webhooks';
import { demoClients, signUpPlayer, signedIn } from '../support/accounts';
import { ApiClient, type ApiAnswer } from '../support/api-client';
import { addAvailability, addAvailableField, addSubField } from '../support/fields';
import { bookPaidGame, demoPeople, holdSlot, payInFull, type DemoPerson } from '../support/game-loop';
import { GOOD_CARD } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';
import { at } from '../support/time';

const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe('the game loop over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let clients: Record<DemoPerson | 'anonymous', ApiClient>;
  let ids: Record<DemoPerson, string>;
  let fieldId: string;
  let pitchA: string;
  let pitchB: string;

  const checkout = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    client.post('/api/checkout', { price, email: 'pay@playtime.test', name: 'Pat', receiver: 'owner', purpose });
  const confirm = (clientSecret: string, card = GOOD_CARD) =>
    clients.anonymous.post('/api/payments/simulated/confirm', { clientSecret, ...card });

  /** Pays a purpose with 4242…: the succeeded payment's id. */
  const pay = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(client, clients.anonymous, purpose, price);

  /** Holds, pays and books a game as the captain: its id. */
  const bookGame = async (subFieldId: string, from: number, to: number, draft: Record<string, unknown> = {}) =>
    (await bookPaidGame(clients.captain, clients.anonymous, subFieldId, from, to, draft)).gameId;

  const gameData = (client: ApiClient, gameId: string) =>
    client.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    ({ clients, ids } = await demoPeople(app.url));
    ({ fieldId, subFieldId: pitchA } = await addAvailableField(clients.owner, {
      name: 'Riverside Loop',
      address: '1 Riverside Dr',
    }));
    pitchB = await addSubField(clients.owner, fieldId, 'Pitch B');
    await addAvailability(clients.owner, pitchB, { startDate: at(8), endDate: at(23) });
    for (const who of ['captain', 'player', 'admin'] as const) clients[who].seesWritesOf(clients.owner);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  describe('organize: hold, pay the rental, create the game', () => {
    it("holds a slot at the server's price, books it with a verified payment, and the owner sees the game", async () => {
      const held = await holdSlot(clients.captain, pitchA, 18, 19.5, {
        name: 'Evening Kickabout',
        maxPlayers: 14,
        price: '5',
      });
      expect(held.status, held.text).toBe(200);
      const { holdId, rentalCents, expiresAt } = held.json as {
        holdId: string;
        rentalCents: number;
        expiresAt: string;
      };
      expect(rentalCents).toBe(6000);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

      // Another captain sees the time as taken while the hold lives.
      const rival = await holdSlot(clients.admin, pitchA, 19, 20);
      expect(rival.status).toBe(409);
      expect(errorOf(rival).code).toBe('slot_held');
      clients.admin.seesWritesOf(clients.captain);
      const schedule = (await clients.admin.get(`/api/get-subfield-schedules?subFieldId=${pitchA}`)).json as {
        type: string;
        mine?: boolean;
      }[];
      expect(schedule).toContainEqual(expect.objectContaining({ type: 'hold', mine: false }));

      // A tampered price is refused with the current one; a declined card keeps the hold.
      const tampered = await checkout(clients.captain, { kind: 'rental', holdId }, 100);
      expect(tampered.status).toBe(409);
      expect(tampered.json).toMatchObject({ error: { code: 'price_changed', currentPrice: 6000 } });
      // A purpose naming the wrong sub-field finds no such hold there.
      const elsewhere = await checkout(clients.captain, { kind: 'rental', holdId, subFieldId: pitchB }, 6000);
      expect(elsewhere.status).toBe(404);
      expect(errorOf(elsewhere).code).toBe('purpose_not_found');
      const secret = await checkout(clients.captain, { kind: 'rental', holdId, subFieldId: pitchA }, 6000);
      const declined = await confirm(secret.text, DECLINED_CARD);
      expect(declined.status).toBe(402);
      const notPaid = await clients.captain.post('/api/add-game', {
        subFieldId: pitchA,
        holdId,
        paymentId: paymentIdOfClientSecret(secret.text),
      });
      expect(notPaid.status).toBe(409);
      expect(errorOf(notPaid).code).toBe('payment_not_succeeded');
      expect((await confirm(secret.text)).status).toBe(200);
      const paymentId = paymentIdOfClientSecret(secret.text)!;

      // The hold fixed the draft: a different name is refused, never silently ignored (DESIGN §5).
      const renamed = await clients.captain.post('/api/add-game', {
        subFieldId: pitchA,
        holdId,
        paymentId,
        name: 'Another name',
      });
      expect(renamed.status).toBe(409);
      expect(errorOf(renamed).code).toBe('draft_differs_from_hold');
      const added = await clients.captain.post('/api/add-game', {
        subFieldId: pitchA,
        holdId,
        paymentId,
        name: 'Evening Kickabout',
      });
      expect(added.status, added.text).toBe(200);
      const { gameId } = added.json as { gameId: string };
      // The same call again (a retry) changes nothing and answers the same game.
      expect(
        (await clients.captain.post('/api/add-game', { subFieldId: pitchA, holdId, paymentId })).json,
      ).toMatchObject({ gameId });

      const mine = (await clients.captain.get('/api/get-organizer-games')).json as GameInList[];
      expect(mine).toContainEqual(
        expect.objectContaining({
          gameId,
          name: 'Evening Kickabout',
          maxPlayers: 14,
          price: 5,
          field: 'Riverside Loop',
          subfield: 'Pitch A',
        }),
      );

      clients.owner.seesWritesOf(clients.captain);
      const timeline = (await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as {
        subFieldId: string;
        data: { type: string; gameId?: string }[];
      }[];
      expect(timeline.find((row) => row.subFieldId === pitchA)!.data).toContainEqual(
        expect.objectContaining({ type: 'game', gameId, startDate: at(18), endDate: at(19.5) }),
      );
      const details = await clients.owner.get(`/api/owner-get-game-data?gameId=${gameId}`);
      expect(details.json).toEqual({
        name: 'Evening Kickabout',
        location: '1 Riverside Dr, New York, 10001',
        price: 5,
        maxPlayers: 14,
        playerCount: 0,
        organizerEmail: 'captain@playtime.test',
        organizerProfilePicture: expect.any(String),
      });

      // The owner cannot take the booked time away.
      const windows = timeline
        .find((row) => row.subFieldId === pitchA)!
        .data.filter((entry) => entry.type === 'schedule') as unknown as { fieldScheduleId: string }[];
      const removal = await clients.owner.post('/api/delete-field-schedule', {
        fieldScheduleId: windows[0]!.fieldScheduleId,
      });
      expect(removal.status).toBe(409);
      expect(errorOf(removal).message).toMatch(/^Evening Kickabout is booked in this availability/);

      // The money reached the owner's ledger, once.
      await waitFor("the rental in the owner's balance", async () => {
        const { rows } = await db.query<{ received_cents: string }>(
          'SELECT received_cents FROM read.balances WHERE receiver_id = $1',
          [ids.owner],
        );
        return Number(rows[0]?.received_cents ?? 0) >= 6000;
      });
    });

    it('refuses a payment used for a second game, and one made for another hold', async () => {
      const first = await holdSlot(clients.captain, pitchB, 9, 10);
      const { holdId: firstHold } = first.json as { holdId: string };
      const paymentId = await pay(clients.captain, { kind: 'rental', holdId: firstHold }, 4000);
      expect(
        (await clients.captain.post('/api/add-game', { subFieldId: pitchB, holdId: firstHold, paymentId })).status,
      ).toBe(200);
      const second = await holdSlot(clients.captain, pitchB, 11, 12);
      const { holdId: secondHold } = second.json as { holdId: string };
      const reused = await clients.captain.post('/api/add-game', { subFieldId: pitchB, holdId: secondHold, paymentId });
      expect(reused.status).toBe(422);
      expect(errorOf(reused).code).toBe('payment_for_another_slot');
    });

    it('lets exactly one captain hold a time when many ask at once', async () => {
      const asks = Array.from({ length: 200 }, (_, index) =>
        holdSlot(index % 2 === 0 ? clients.captain : clients.admin, pitchB, 14, 15),
      );
      const answers = await Promise.all(asks);
      const won = answers.filter((answer) => answer.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won.length).toBeGreaterThan(0);
      for (const answer of lost) {
        expect(answer.status, answer.text).toBe(409);
        expect(['slot_held', 'conflict']).toContain(errorOf(answer).code);
      }
      // Every hold that was granted is one captain's (a captain's own new hold replaces their last).
      const holders = new Set(
        (
          await db.query<{ organizer_id: string }>(
            `SELECT DISTINCT organizer_id FROM read.holds WHERE sub_field_id = $1 AND start_date = $2`,
            [pitchB, at(14)],
          )
        ).rows.map((row) => row.organizer_id),
      );
      await waitFor('the holds to be projected', async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM read.holds WHERE sub_field_id = $1 AND start_date = $2`,
          [pitchB, at(14)],
        );
        return rows[0]!.n === won.length;
      });
      expect(holders.size).toBeLessThanOrEqual(1);
      const live = await db.query<{ n: number; captains: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT organizer_id)::int AS captains FROM read.holds WHERE sub_field_id = $1 AND start_date = $2 AND status = 'live'`,
        [pitchB, at(14)],
      );
      expect(live.rows[0]).toEqual({ n: 1, captains: 1 });
    });
  });

  describe('play: find, pay and join, move, substitute, cancel', () => {
    let gameId: string;

    beforeAll(async () => {
      gameId = await bookGame(pitchA, 20, 22, { name: 'Late Game', maxPlayers: 14, price: 7.5 });
      clients.player.seesWritesOf(clients.captain);
    });

    it('finds the game near 10001 by distance, with its distance, and not from far away', async () => {
      const near = (await clients.player.get('/api/get-games?latitude=40.7506&longitude=-73.9972&distance=16.09'))
        .json as GameSearchResult[];
      expect(near).toContainEqual(
        expect.objectContaining({ game_id: gameId, name: 'Late Game', price: 7.5, max_players: 14 }),
      );
      expect(near.find((game) => game.game_id === gameId)!.distanceKm).toBeLessThan(2);
      const farAway = (await clients.player.get('/api/get-games?latitude=34.09&longitude=-118.41&distance=160.9'))
        .json as GameSearchResult[];
      expect(farAway.map((game) => game.game_id)).not.toContain(gameId);
      const bad = await clients.player.get('/api/get-games?latitude=91&longitude=0&distance=10');
      expect(bad.status).toBe(400);
      const place = await clients.player.get('/api/geocode?q=Austin%2C%20TX');
      expect(place.json).toMatchObject({ city: 'Austin', state: 'TX' });
      expect((await clients.player.get('/api/geocode?q=Nowhereville%2C%20ZZ')).json).toMatchObject({
        error: { message: 'No results found for the provided location.' },
      });
    });

    it('joins a priced game only with a verified entry payment of its price, once', async () => {
      const unpaid = await clients.player.post('/api/join-game', { gameId, team: 0 });
      expect(unpaid.status).toBe(422);
      expect(errorOf(unpaid).code).toBe('payment_required');
      const tampered = await checkout(clients.player, { kind: 'entry', gameId }, 1);
      expect(tampered.json).toMatchObject({ error: { code: 'price_changed', currentPrice: 750 } });
      const paymentId = await pay(clients.player, { kind: 'entry', gameId }, 750);
      // The captain cannot use the player's payment.
      expect(errorOf(await clients.captain.post('/api/join-game', { gameId, team: 0, paymentId })).code).toBe(
        'not_your_payment',
      );
      const joined = await clients.player.post('/api/join-game', { gameId, team: 0, paymentId });
      expect(joined.status, joined.text).toBe(200);
      const game = await gameData(clients.player, gameId);
      expect(game.sideline.map((participant) => participant.userId)).toEqual([ids.player]);
      expect(game.playerCount).toBe(0);
    });

    it('moves a player to a team and back, lets the organizer substitute and remove, and nobody else', async () => {
      expect((await clients.player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
      let game = await gameData(clients.player, gameId);
      expect(game.team_1.map((participant) => participant.userId)).toEqual([ids.player]);
      expect(game.playerCount).toBe(1);
      // The entry payment's webhook arriving only now (Stripe may send it late, under a new event id)
      // finds the place bought already: it neither moves the player back nor refunds them.
      const { rows } = await db.query<{ payload: string }>(
        `SELECT payload FROM simulated_payments.events WHERE type = 'payment_intent.succeeded'
           AND payload::jsonb #>> '{data,object,metadata,game_id}' = $1 AND payload::jsonb #>> '{data,object,metadata,payer_id}' = $2`,
        [gameId, ids.player],
      );
      expect(rows).toHaveLength(1);
      const late = JSON.stringify({ ...JSON.parse(rows[0]!.payload), id: `evt_late_${gameId}` });
      const delivered = await fetch(`${app.url}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(late, app.payments.simulated!.signingSecret),
        },
        body: late,
      });
      expect(delivered.status, await delivered.text()).toBe(200);
      game = await gameData(clients.player, gameId);
      expect(game.team_1.map((participant) => participant.userId)).toEqual([ids.player]);
      const paid = await app.payments.processor.retrievePayment(
        (JSON.parse(late) as { data: { object: { id: string } } }).data.object.id,
      );
      expect(paid).toMatchObject({ status: 'succeeded', refundedCents: 0 });
      // Only the organizer moves someone else.
      const stranger = await clients.admin.post('/api/join-game', { gameId, team: 2, participantId: ids.player });
      expect(stranger.status).toBe(200); // admins may, as DESIGN §4 says
      const notOrganizer = await clients.owner.post('/api/remove-player', { gameId, participantId: ids.player });
      expect(notOrganizer.status).toBe(403);
      clients.captain.seesWritesOf(clients.admin);
      const paymentId = await pay(clients.captain, { kind: 'entry', gameId }, 750);
      expect((await clients.captain.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);
      const substitution = await clients.captain.post('/api/switch-players', {
        gameId,
        participantId1: ids.captain,
        participantId2: ids.player,
        team: 2,
      });
      expect(substitution.status, substitution.text).toBe(200);
      clients.player.seesWritesOf(clients.captain);
      game = await gameData(clients.player, gameId);
      expect(game.team_2.map((participant) => participant.userId)).toEqual([ids.captain]);
      expect(game.sideline.map((participant) => participant.userId)).toEqual([ids.player]);
      const wrongWay = await clients.captain.post('/api/switch-players', {
        gameId,
        participantId1: ids.captain,
        participantId2: ids.player,
      });
      expect(errorOf(wrongWay).code).toBe('not_on_sideline');
    });

    it("lists the player's games, most recent first", async () => {
      const games = (await clients.player.get('/api/get-user-games')).json as GameInList[];
      expect(games.map((game) => game.gameId)).toContain(gameId);
    });

    it('cancels the game, gives its slot back and refunds every paid entry and the rental exactly once', async () => {
      const before = await gameData(clients.captain, gameId);
      expect(before.status).toBe('scheduled');
      const cancelled = await clients.captain.post('/api/delete-game', { gameId });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect((await clients.captain.post('/api/delete-game', { gameId })).status).toBe(409);
      expect((await gameData(clients.captain, gameId)).status).toBe('cancelled');
      expect(
        ((await clients.captain.get('/api/get-organizer-games')).json as GameInList[]).map((game) => game.gameId),
      ).not.toContain(gameId);

      // The game's payments, from the ledger's view: two entries and the rental, each refunded in full once.
      await waitFor('the refunds of the entries and the rental', async () => {
        const paid = await db.query<{ payment_id: string }>(
          `SELECT payment_id FROM read.ledger_entries WHERE kind = 'payment' AND receiver_id = $1`,
          [ids.captain],
        );
        const { rows } = await db.query<{ payment_id: string; amount_cents: string }>(
          `SELECT payment_id, amount_cents FROM read.ledger_entries WHERE kind = 'refund'`,
        );
        const entryRefunds = rows.filter((row) => paid.rows.some((payment) => payment.payment_id === row.payment_id));
        return (
          paid.rows.length === 2 && entryRefunds.length === 2 && rows.some((row) => Number(row.amount_cents) === 8000)
        );
      });
      const refunds = await db.query<{ payment_id: string; n: number }>(
        `SELECT payment_id, count(*)::int AS n FROM read.ledger_entries WHERE kind = 'refund' GROUP BY payment_id`,
      );
      for (const row of refunds.rows) expect(row.n).toBe(1);
      // The slot is free again for another captain.
      clients.admin.seesWritesOf(clients.captain);
      await waitFor(
        'the slot to be released',
        async () => (await holdSlot(clients.admin, pitchA, 20, 21)).status === 200,
      );
    });
  });

  describe('capacity under concurrency', () => {
    it('never puts more on the pitch than the caps, and tells every loser the game is full', async () => {
      // A sideline of 10 takes all twenty (the default of 4 would send six to the waitlist).
      const gameId = await bookGame(pitchB, 16, 17, { name: 'Crowded', maxPlayers: 14, sidelineSize: 10 });
      // Twenty players join the sideline, then each asks for team 1 twenty-five times at once: 500 moves.
      const players = await Promise.all(
        Array.from({ length: 20 }, (_, index) => signUpPlayer(app, `crowd${index}@playtime.test`, `crowd${index}`)),
      );
      for (const player of players) {
        player.seesWritesOf(clients.captain);
        const joined = await player.post('/api/join-game', { gameId, team: 0 });
        expect(joined.status, joined.text).toBe(200);
      }
      const answers = await Promise.all(
        players.flatMap((player) =>
          Array.from({ length: 25 }, () => player.post('/api/join-game', { gameId, team: 1 })),
        ),
      );
      const refusals = answers.filter((answer) => answer.status !== 200);
      for (const refusal of refusals) {
        expect(refusal.status, refusal.text).toBe(409);
        expect(errorOf(refusal).message).toBe(GAME_FULL);
      }
      for (const player of players) clients.captain.seesWritesOf(player);
      const game = await gameData(clients.captain, gameId);
      expect(game.team_1).toHaveLength(14);
      expect(game.team_2).toHaveLength(0);
      expect(game.sideline).toHaveLength(6);
      expect(game.playerCount).toBe(14);
      // Every player left on the sideline was told why.
      expect(refusals.length).toBeGreaterThanOrEqual(6 * 25);
    });
  });
});

describe('a payment whose page never came back, and a hold that ran out', () => {
  let app: TestApp;
  let db: pg.Pool;
  let captain: ApiClient;
  let admin: ApiClient;
  let subFieldId: string;

  beforeAll(async () => {
    // Holds last three seconds here, so their expiry runs within the test.
    app = await startTestApp({ HOLD_MINUTES: '0.05' });
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    const owner = await signedIn(app.url, 'owner');
    [captain, admin] = await demoClients(app.url, 'captain', 'admin');
    ({ subFieldId } = await addAvailableField(owner, { name: 'Webhook Park', address: '1 Main St' }));
    captain.seesWritesOf(owner);
    admin.seesWritesOf(owner);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  /** A hold the client paid for and did not book yet, as when the payment page never came back. */
  async function paidHold(client: ApiClient, from: number, to: number): Promise<{ holdId: string; paymentId: string }> {
    const held = await holdSlot(client, subFieldId, from, to);
    expect(held.status, held.text).toBe(200);
    const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
    return { holdId, paymentId: await payInFull(client, client, { kind: 'rental', holdId }, rentalCents) };
  }

  it("books the game from the payment's webhook when the captain never calls add-game", async () => {
    const { holdId } = await paidHold(captain, 9, 10);
    const game = await waitFor('the game booked by the webhook', async () => {
      const games = (await captain.get('/api/get-organizer-games')).json as GameInList[];
      return games.find((candidate) => candidate.startDate === at(9));
    });
    expect(game).toMatchObject({ field: 'Webhook Park', subfield: 'Pitch A' });
    // The captain's late add-game answers the same game.
    const { rows } = await db.query<{ game_id: string }>('SELECT game_id FROM read.bookings WHERE hold_id = $1', [
      holdId,
    ]);
    expect(rows.map((row) => row.game_id)).toEqual([game.gameId]);
  });

  it("answers a late add-game with where the webhook's game is, so the captain's next read sees it", async () => {
    const { holdId, paymentId } = await paidHold(captain, 11, 12);
    const gameId = gameIdForHold(holdId);
    // The webhook has made the game: the captain's add-game changes nothing, yet must say where the game is.
    const scheduled = await waitFor('the game made by the webhook', async () => {
      const { rows } = await db.query<{ commit_id: string; global_position: number }>(
        `SELECT transaction_id::text AS commit_id, global_position FROM es_events
          WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
        [gameStream(gameId)],
      );
      return rows[0] && { commit: Number(rows[0].commit_id), position: Number(rows[0].global_position) };
    });
    const lateCaptain = await signedIn(app.url, 'captain');
    const added = await lateCaptain.post('/api/add-game', { subFieldId, holdId, paymentId });
    expect(added.status, added.text).toBe(200);
    expect((added.json as { gameId: string }).gameId).toBe(gameId);
    const position = parseCheckpoint(added.headers.get(POSITION_HEADER) ?? '');
    expect(position, 'add-game named no position').not.toBeNull();
    expect(compareCheckpoints(position, scheduled)).toBeGreaterThanOrEqual(0);
    const game = await lateCaptain.get(`/api/get-game-data?gameId=${gameId}`);
    expect(game.status, game.text).toBe(200);
    expect(game.headers.get(STALE_HEADER)).toBeNull();
  });

  it('makes the game of a booking whose process stopped before making it', async () => {
    const held = await captain.post('/api/hold-slot', { subFieldId, startDate: at(16), endDate: at(17) });
    expect(held.status, held.text).toBe(200);
    const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
    const hold = await waitFor('the hold in the read model', async () => {
      const { rows } = await db.query<{ organizer_id: string; field_id: string; owner_id: string }>(
        'SELECT organizer_id, field_id, owner_id FROM read.holds WHERE hold_id = $1',
        [holdId],
      );
      return rows[0];
    });
    // As a booking step that died after its first append: the slot booked (its payment verified), no game yet.
    const store = await PostgresEventStore.connect(app.databaseUrl);
    try {
      await handleCommand({
        store: checkEventSchemas(store),
        decider: availabilityDecider,
        streamId: subFieldStream(subFieldId),
        command: {
          type: 'BookSlot',
          subField: { subFieldId, fieldId: hold.field_id, ownerId: hold.owner_id, name: 'Pitch A' },
          holdId,
          gameId: gameIdForHold(holdId),
          payment: {
            paymentId: `pi_paid_before_a_crash_${holdId}`,
            payerId: hold.organizer_id,
            amountCents: rentalCents,
            holdId,
          },
        },
        context: { now: new Date(), newId: () => gameIdForHold(holdId), actorId: hold.organizer_id },
        metadata: { userId: hold.organizer_id, correlationId: 'booking-step-that-died', causationId: null },
      });
    } finally {
      await store.close();
    }
    const game = await waitFor('the game made by the game loop', async () => {
      const games = (await captain.get('/api/get-organizer-games')).json as GameInList[];
      return games.find((candidate) => candidate.gameId === gameIdForHold(holdId));
    });
    expect(game).toMatchObject({ field: 'Webhook Park', subfield: 'Pitch A' });
  });

  it('refunds in full a second payment for a hold already booked with the first', async () => {
    const { holdId, paymentId } = await paidHold(captain, 14, 15);
    expect((await captain.post('/api/add-game', { subFieldId, holdId, paymentId })).status).toBe(200);
    // A second payment for the very same hold (checkout answers the first again, so made at the processor).
    const first = await app.payments.processor.retrievePayment(paymentId);
    const second = await app.payments.processor.createPayment({
      amountCents: first!.amountCents,
      currency: first!.currency,
      purpose: first!.purpose,
      payerId: first!.payerId,
      receiverId: first!.receiverId,
      idempotencyKey: `second-payment-${holdId}`,
    });
    const paid = await captain.post('/api/payments/simulated/confirm', {
      clientSecret: second.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2035,
      cvc: '123',
    });
    expect(paid.status, paid.text).toBe(200);
    await waitFor(
      'the second payment refunded',
      async () =>
        (await app.payments.processor.retrievePayment(second.paymentId))?.refundedCents === first!.amountCents,
    );
    expect((await app.payments.processor.retrievePayment(paymentId))?.refundedCents).toBe(0);
    const { rows } = await db.query<{ payment_id: string }>('SELECT payment_id FROM read.bookings WHERE hold_id = $1', [
      holdId,
    ]);
    expect(rows.map((row) => row.payment_id)).toEqual([paymentId]);
  });

  it('lets a hold run out by itself, and refunds a payment whose slot another captain took meanwhile', async () => {
    const held = await captain.post('/api/hold-slot', { subFieldId, startDate: at(12), endDate: at(13) });
    const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
    const secret = await captain.post('/api/checkout', {
      price: rentalCents,
      email: 'pay@playtime.test',
      name: 'Pat',
      receiver: 'owner',
      purpose: { kind: 'rental', holdId },
    });
    await waitFor('the hold to expire', async () => {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM read.holds WHERE hold_id = $1', [holdId]);
      return rows[0]?.status === 'expired';
    });
    // The time is free again: another captain holds and books it.
    const rival = await paidHold(admin, 12, 13);
    expect(
      (await admin.post('/api/add-game', { subFieldId, holdId: rival.holdId, paymentId: rival.paymentId })).status,
    ).toBe(200);
    // The first captain pays only now: the slot is gone, so the payment comes back in full, by itself.
    const paid = await captain.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2035,
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const paymentId = paymentIdOfClientSecret(secret.text)!;
    const late = await captain.post('/api/add-game', { subFieldId, holdId, paymentId });
    expect(late.status).toBe(409);
    expect(errorOf(late).code).toBe('slot_booked');
    await waitFor('the automatic refund', async () => {
      const payment = await app.payments.processor.retrievePayment(paymentId);
      return payment?.refundedCents === rentalCents;
    });
  });
});

describe("a field's booking policy over HTTP", () => {
  let app: TestApp;
  let owner: ApiClient;
  let captain: ApiClient;
  let admin: ApiClient;
  let fieldId: string;
  let subFieldId: string;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, captain, admin] = await demoClients(app.url, 'owner', 'captain', 'admin');
    ({ fieldId, subFieldId } = await addAvailableField(owner, { name: 'Policy Park', address: '2 Main St' }));
    for (const client of [captain, admin]) client.seesWritesOf(owner);
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  const policyOf = async (client: ApiClient) => {
    const fields = (await client.get('/api/get-owner-fields')).json as OwnerField[];
    const field = fields.find((candidate) => candidate.fieldId === fieldId)!;
    return { cancellationWindowHours: field.cancellationWindowHours, freeRental: field.freeRental };
  };

  it("books games under the owner's own cancellation window, refusing a window no one can act on", async () => {
    expect(await policyOf(owner)).toEqual({ cancellationWindowHours: null, freeRental: false });
    const bad = await owner.post('/api/set-field-policy', { fieldId, cancellationWindowHours: 500, freeRental: false });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe(
      'cancellationWindowHours: The cancellation window is a whole number of hours from 0 to 168.',
    );
    expect(
      (await owner.post('/api/set-field-policy', { fieldId, cancellationWindowHours: 72, freeRental: false })).status,
    ).toBe(200);
    expect(await policyOf(owner)).toEqual({ cancellationWindowHours: 72, freeRental: false });

    // The game is 2–3 days away: inside a 72-hour window, so cancelling it keeps the rental for the owner.
    captain.seesWritesOf(owner);
    const { rentalCents } = await bookPaidGame(captain, new ApiClient(app.url, null), subFieldId, 9, 10);
    expect(rentalCents).toBe(4000);
    const mine = (await captain.get('/api/get-organizer-games')).json as GameInList[];
    expect(mine.find((game) => game.startDate === at(9))).toMatchObject({ cancellationWindowHours: 72 });
  });

  it('lets only an admin make the rentals free; a free slot is booked without any payment', async () => {
    const refused = await owner.post('/api/set-field-policy', {
      fieldId,
      cancellationWindowHours: 72,
      freeRental: true,
    });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe("Only an admin can make a field's rentals free.");
    expect(
      (await admin.post('/api/set-field-policy', { fieldId, cancellationWindowHours: 72, freeRental: true })).status,
    ).toBe(200);
    captain.seesWritesOf(admin);
    const held = await captain.post('/api/hold-slot', { subFieldId, startDate: at(12), endDate: at(13) });
    expect(held.json).toMatchObject({ rentalCents: 0 });
    const { holdId } = held.json as { holdId: string };
    const nothingToPay = await captain.post('/api/checkout', {
      price: 0,
      purpose: { kind: 'rental', holdId, subFieldId },
    });
    expect(errorOf(nothingToPay).code).toBe('nothing_to_pay');
    const added = await captain.post('/api/add-game', { subFieldId, holdId });
    expect(added.status, added.text).toBe(200);
    const mine = (await captain.get('/api/get-organizer-games')).json as GameInList[];
    expect(mine.map((game) => game.startDate)).toContain(at(12));
  });
});

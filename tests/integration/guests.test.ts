/**
 * Issue #45, guests, over real HTTP: a player brings guests on one entry of price × (1 + guests); more
 * than the organizer allows is a 400 that says the limit; guests take places, so 30 hosts joining with
 * guests at once never overfill the game (in the read model and in the event stream); a removal of a
 * host frees every place of the party and refunds the one payment in full, once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '@playtime/shared/contract/games';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { demoClients, signUpPlayers } from '../support/accounts';
import { ApiClient, type ApiAnswer } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { bookFreeGame, makeRentalFree } from '../support/free-rental';
import { allWebhooksHandled, ledgerRefunds } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { expectNotified } from '../support/notifications';
import { waitFor } from '../support/wait';

const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe('guests over HTTP (issue #45)', () => {
  let app: TestApp;
  let db: pg.Pool;
  let anonymous: ApiClient;
  let admin: ApiClient;
  let captain: ApiClient;
  let player: ApiClient;
  let playerId: string;
  let paidPitch: string;
  let freePitch: string;

  const gameData = async (gameId: string, ...writers: ApiClient[]) => {
    for (const writer of writers) captain.seesWritesOf(writer);
    return captain.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);
  };
  const members = (game: GameDetail) => [...game.team_1, ...game.team_2, ...game.sideline];
  const ledgerPayments = async (paymentId: string) => {
    const { rows } = await db.query<{ amount_cents: string }>(
      `SELECT amount_cents FROM read.ledger_entries WHERE kind = 'payment' AND payment_id = $1`,
      [paymentId],
    );
    return rows.map((row) => Number(row.amount_cents));
  };

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    anonymous = new ApiClient(app.url, null);
    let owner: ApiClient;
    [owner, captain, player, admin] = await demoClients(app.url, 'owner', 'captain', 'player', 'admin');
    playerId = ((await player.get('/api/get-user')).json as { userId: string }).userId;
    ({ subFieldId: paidPitch } = await addAvailableField(owner, { name: 'Guest Park', address: '3 Pier Rd' }));
    const free = await addAvailableField(owner, { name: 'Free Guest Park', address: '4 Pier Rd' });
    freePitch = free.subFieldId;
    admin.seesWritesOf(owner);
    await makeRentalFree(admin, free.fieldId);
    captain.seesWritesOf(admin);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it('prices the entry × (1 + guests), joins the party on one payment and shows it, refusing more guests than allowed with a 400', async () => {
    const { gameId } = await bookPaidGame(captain, anonymous, paidPitch, 9, 10, {
      name: 'Guest Night',
      maxPlayers: 14,
      price: '5',
      guestsPerPlayer: 2,
    });
    player.seesWritesOf(captain);
    const purpose: PaymentPurpose = { kind: 'entry', gameId, guests: 2, guestNames: ['Ann'] };

    // The price is the server's: the entry alone is refused with the price for three.
    const stale = await player.post('/api/checkout', { price: 500, purpose });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json).toMatchObject({ error: { code: 'price_changed', currentPrice: 1500 } });
    // Three guests where two are allowed: a 400 that says the limit, at checkout and at the join.
    const tooMany = await player.post('/api/checkout', { price: 2000, purpose: { ...purpose, guests: 3 } });
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(errorOf(tooMany)).toEqual({
      code: 'too_many_guests',
      message: 'This game takes at most 2 guests per player.',
    });
    const overContract = await player.post('/api/join-game', { gameId, team: 0, guests: 4 });
    expect(overContract.status, overContract.text).toBe(400);
    expect(errorOf(overContract).message).toContain('at most 3 guests');

    const paymentId = await payInFull(player, anonymous, purpose, 1500);
    const joined = await player.post('/api/join-game', { gameId, team: 0, paymentId, guests: 2, guestNames: ['Ann'] });
    expect(joined.status, joined.text).toBe(200);
    const game = await gameData(gameId, player);
    expect(game.guestsPerPlayer).toBe(2);
    expect(game.sideline).toMatchObject([{ userId: playerId, guests: 2, guestNames: ['Ann'] }]);
    expect(game).toMatchObject({ playerCount: 0, sidelineCount: 3 });
    // Onto a team, the party moves whole: three on the pitch.
    expect((await player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
    expect(await gameData(gameId, player)).toMatchObject({ playerCount: 3, sidelineCount: 0 });

    // The ledger holds one payment of $15 for the party.
    await allWebhooksHandled(db);
    await waitFor('the ledger to record the entry', async () => (await ledgerPayments(paymentId)).length === 1);
    expect(await ledgerPayments(paymentId)).toEqual([1500]);
  });

  it('refuses a free game’s join with more guests than its organizer allows, saying the limit (400)', async () => {
    const gameId = await bookFreeGame(captain, freePitch, 9, 10, { name: 'One Friend Each', guestsPerPlayer: 1 });
    player.seesWritesOf(captain);
    const answer = await player.post('/api/join-game', { gameId, team: 0, guests: 2 });
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 'too_many_guests',
      message: 'This game takes at most 1 guest per player.',
    });
    expect(members(await gameData(gameId, player))).toEqual([]);
  });

  it('never overfills the game when 30 hosts with guests join at once (read model and event stream agree)', async () => {
    // 14 + 4 = 18 places; each host brings two guests: at most six parties fit.
    const gameId = await bookFreeGame(captain, freePitch, 11, 12, {
      name: 'Crowded Guests',
      maxPlayers: 14,
      sidelineSize: 4,
      guestsPerPlayer: 2,
    });
    // Signed up ten at a time: more than 20 logins at once from one address wait for the login throttle
    // (its address policy); the joins below are what run at once.
    const { players: hosts } = await signUpPlayers(app, 'host', 30, 10);
    for (const host of hosts) host.seesWritesOf(captain);
    const answers = await Promise.all(
      hosts.map((host, index) => host.post('/api/join-game', { gameId, team: 0, guests: index % 2 === 0 ? 2 : 1 })),
    );
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBeGreaterThan(0);

    const { rows } = await db.query<{ data: { guests: number } }>(
      `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'PlayerJoined'`,
      [`game-${gameId}`],
    );
    expect(rows).toHaveLength(accepted);
    const placesInStream = rows.reduce((sum, row) => sum + 1 + row.data.guests, 0);
    expect(placesInStream).toBeLessThanOrEqual(18);
    // Full to the last place it could fill: no party of two or three fits in what is left.
    expect(placesInStream).toBeGreaterThanOrEqual(17);

    const game = await gameData(gameId, ...hosts);
    expect(game.playerCount + game.sidelineCount).toBe(placesInStream);
    expect(members(game).reduce((sum, member) => sum + 1 + member.guests, 0)).toBe(placesInStream);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(['game_full', 'no_room_for_guests']).toContain(errorOf(refused).code);
  }, 180_000);

  it('removes a host and their guests together, refunding the one payment in full once, and frees every place', async () => {
    const { gameId } = await bookPaidGame(captain, anonymous, paidPitch, 11, 12, {
      name: 'Removal Night',
      maxPlayers: 14,
      price: '4',
      guestsPerPlayer: 3,
    });
    player.seesWritesOf(captain);
    const paymentId = await payInFull(player, anonymous, { kind: 'entry', gameId, guests: 3 }, 1600);
    expect((await player.post('/api/join-game', { gameId, team: 2, paymentId, guests: 3 })).status).toBe(200);
    expect(await gameData(gameId, player)).toMatchObject({ playerCount: 4, sidelineCount: 0 });

    // The organizer's removal, sent ten times at once: one removal, one refund.
    const removals = await Promise.all(
      Array.from({ length: 10 }, () => captain.post('/api/remove-player', { gameId, participantId: playerId })),
    );
    expect(removals.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of removals) expect([200, 404], answer.text).toContain(answer.status);

    const game = await gameData(gameId);
    expect(members(game)).toEqual([]);
    expect(game).toMatchObject({ playerCount: 0, sidelineCount: 0 });
    await waitFor('the refund of the entry', async () => (await ledgerRefunds(db, paymentId)).length > 0);
    await allWebhooksHandled(db);
    expect(await ledgerRefunds(db, paymentId)).toEqual([1600]);
    expect(await ledgerPayments(paymentId)).toEqual([1600]);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({ refundedCents: 1600 });
    // The host is told of the whole party's refund, not one place's price.
    await expectNotified(
      player,
      'removed',
      /^The organizer removed you from Removal Night on .+\. Your entry fee of \$16\.00 was refunded\.$/,
    );
  }, 120_000);
});

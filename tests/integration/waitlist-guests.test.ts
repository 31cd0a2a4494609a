/**
 * Issue #45, the waitlist with guests, over real HTTP: a host waits with their guests (more than the game
 * takes is a 400 that says the limit); freed places go to the first waiting party they fit (a bigger
 * party keeps its place), the offer holds the whole party's places, and the host takes it by paying for
 * all of them. Under many concurrent waitlist joins, joins and offer takings with guests the game never
 * holds more than it may: checked at every event of its stream and in get-game-data.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail, WaitlistPosition } from '@playtime/shared/contract/games';
import { tooManyGuests } from '@playtime/shared/contract/guests';
import { fold } from '@playtime/shared/domain/decider';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream, type GameEvent } from '@playtime/shared/domain/games/events';
import { onPitchCount } from '@playtime/shared/domain/games/queries';
import { placesOf } from '@playtime/shared/domain/games/policies/guests';
import type { GameState } from '@playtime/shared/domain/games/state';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas, parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { demoClients, signUpPlayers } from '../support/accounts';
import { ApiClient, type ApiAnswer } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { bookFreeGame, makeRentalFree } from '../support/free-rental';
import { expectNotified } from '../support/notifications';
import { startTestApp, type TestApp } from '../support/standalone-app';

const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;
const ok = (answer: ApiAnswer) => expect(answer.status, answer.text).toBe(200);

describe('the waitlist with guests over HTTP (issue #45)', () => {
  let app: TestApp;
  let db: pg.Pool;
  let store: EventStore;
  let anonymous: ApiClient;
  let captain: ApiClient;
  let paidPitch: string;
  let freePitch: string;
  let players: ApiClient[];
  let playerIds: string[];

  const gameData = async (gameId: string) => {
    for (const player of players) captain.seesWritesOf(player);
    return captain.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);
  };
  const eventsOf = async (gameId: string): Promise<GameEvent[]> =>
    (await store.readStream(gameStream(gameId))).map((stored) => parseEvent(stored) as GameEvent);
  const members = (game: GameDetail) => [...game.team_1, ...game.team_2, ...game.sideline];
  const placesIn = (game: GameDetail) => members(game).reduce((sum, member) => sum + 1 + member.guests, 0);

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    anonymous = new ApiClient(app.url, null);
    let owner: ApiClient;
    let admin: ApiClient;
    [owner, captain, admin] = await demoClients(app.url, 'owner', 'captain', 'admin');
    ({ subFieldId: paidPitch } = await addAvailableField(owner, { name: 'Party Park', address: '5 Pier Rd' }));
    const free = await addAvailableField(owner, { name: 'Free Party Park', address: '6 Pier Rd' });
    freePitch = free.subFieldId;
    admin.seesWritesOf(owner);
    await makeRentalFree(admin, free.fieldId);
    captain.seesWritesOf(admin);
    ({ players, playerIds } = await signUpPlayers(app, 'party', 40, 10));
  }, 180_000);

  afterAll(async () => {
    await store?.close();
    await db?.end();
    await app?.dispose();
  });

  it('offers a waiting party its places only once they all free, skipping it for a single meanwhile, and joins it on one payment for all', async () => {
    // 14 places, no sideline beyond: four hosts with two guests and two players alone fill it.
    const { gameId } = await bookPaidGame(captain, anonymous, paidPitch, 9, 10, {
      name: 'Party Waitlist',
      maxPlayers: 14,
      sidelineSize: 0,
      price: '5',
      guestsPerPlayer: 2,
      // A member's leave keeps their entry, as in the full-games test.
      freeCancellationHours: 72,
    });
    for (const player of players) player.seesWritesOf(captain);
    const memberGuests = [2, 2, 2, 2, 0, 0];
    await Promise.all(
      memberGuests.map(async (guests, index) => {
        const member = players[index]!;
        const paymentId = await payInFull(member, anonymous, { kind: 'entry', gameId, guests }, 500 * (1 + guests));
        ok(await member.post('/api/join-game', { gameId, team: 0, paymentId, guests }));
      }),
    );
    const host = players[10]!;
    const single = players[11]!;
    const outsider = players[12]!;

    // More guests than the game takes: a 400 in join-game's words; beyond any game's limit, the contract's.
    const tooMany = await host.post('/api/join-waitlist', { gameId, guests: 3 });
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(errorOf(tooMany)).toEqual({ code: 'too_many_guests', message: tooManyGuests(2) });
    const overContract = await host.post('/api/join-waitlist', { gameId, guests: 4 });
    expect(overContract.status, overContract.text).toBe(400);
    expect(errorOf(overContract).message).toContain('at most 3 guests');

    const waited = await host.post('/api/join-waitlist', { gameId, guests: 2, guestNames: ['Ann', 'Bo'] });
    ok(waited);
    expect((waited.json as WaitlistPosition).position).toBe(1);
    ok(await single.post('/api/join-waitlist', { gameId }));
    let game = await gameData(gameId);
    expect(game.waitlist).toMatchObject([
      { userId: playerIds[10], guests: 2, position: 1, offer: null },
      { userId: playerIds[11], guests: 0, position: 2, offer: null },
    ]);

    // One place frees: too few for the party of three, which keeps its place; the single behind takes it.
    ok(await players[4]!.post('/api/leave-game', { gameId }));
    let offers = (await eventsOf(gameId)).filter((event) => event.type === 'WaitlistOffered');
    expect(offers.map((event) => event.data.playerId)).toEqual([playerIds[11]]);
    const singlePayment = await payInFull(single, anonymous, { kind: 'entry', gameId }, 500);
    ok(await single.post('/api/join-game', { gameId, team: 0, paymentId: singlePayment }));
    game = await gameData(gameId);
    expect(game.waitlist).toMatchObject([{ userId: playerIds[10], guests: 2, position: 1, offer: null }]);

    // A party of three leaves: three places, all offered to the waiting host and held for the party.
    ok(await players[0]!.post('/api/leave-game', { gameId }));
    offers = (await eventsOf(gameId)).filter((event) => event.type === 'WaitlistOffered');
    expect(offers.at(-1)).toMatchObject({ data: { playerId: playerIds[10], guests: 2 } });
    game = await gameData(gameId);
    expect(game.waitlist[0]).toMatchObject({ guests: 2, offer: { expiresAt: offers.at(-1)!.data.expiresAt } });
    // The host's notification names the party's places.
    await expectNotified(
      host.seesWritesOf(players[0]!),
      'spot-offered',
      /^Places opened in .+ for you and your 2 guests\. Pay and join by .+, or they pass to the next on the waitlist\.$/,
    );
    const refused = await outsider.post('/api/checkout', { price: 500, purpose: { kind: 'entry', gameId } });
    expect(refused.status, refused.text).toBe(409);
    expect((await outsider.post('/api/join-game', { gameId, team: 0 })).status).toBe(409);

    // The host pays for three and joins with the guests (and the names) they waited with.
    const hostPayment = await payInFull(host, anonymous, { kind: 'entry', gameId, guests: 2 }, 1500);
    ok(await host.post('/api/join-game', { gameId, team: 0, paymentId: hostPayment, guests: 2 }));
    game = await gameData(gameId);
    expect(game.waitlist).toEqual([]);
    expect(members(game).find((member) => member.userId === playerIds[10])).toMatchObject({
      guests: 2,
      guestNames: ['Ann', 'Bo'],
    });
    expect(placesIn(game)).toBe(14);
  }, 180_000);

  it('never holds more than the game takes under concurrent waitlist joins, joins and offer takings with guests', async () => {
    // 14 on the pitch + 4 on the sideline = 18 places.
    const maxPlayers = 14;
    const capacity = 18;
    const gameId = await bookFreeGame(captain, freePitch, 11, 12, {
      name: 'Party Rush',
      maxPlayers,
      sidelineSize: 4,
      guestsPerPlayer: 2,
    });
    for (const player of players) player.seesWritesOf(captain);
    // Five parties of three and one player alone: 16 places, five of them on each team.
    const seeded = [2, 2, 2, 2, 2, 0];
    for (const [index, guests] of seeded.entries())
      ok(await players[index]!.post('/api/join-game', { gameId, team: index < 4 ? (index % 2) + 1 : 0, guests }));

    // At once: twelve players wait with 0–2 guests, eight join with guests (some onto a team), and two
    // parties leave, freeing places that are offered while the rest goes on.
    const waiters = players.slice(10, 22);
    const joiners = players.slice(22, 30);
    const round1 = await Promise.all([
      ...waiters.map((player, index) => player.post('/api/join-waitlist', { gameId, guests: index % 3 })),
      ...joiners.map((player, index) => player.post('/api/join-game', { gameId, team: index % 3, guests: index % 3 })),
      players[0]!.post('/api/leave-game', { gameId }),
      players[5]!.post('/api/leave-game', { gameId }),
    ]);
    for (const answer of round1) expect([200, 409], answer.text).toContain(answer.status);

    // At once again: everyone holding an offer takes it (with their guests, onto a team or the sideline),
    // everyone waiting tries to join anyway, more newcomers try to join, and another party leaves.
    const state = fold(gameDecider, await eventsOf(gameId));
    const holders = state.status === 'scheduled' ? state.waitlistOffers.map((offer) => offer.playerId) : [];
    const waitingIds = state.status === 'scheduled' ? state.waitlist.map((party) => party.playerId) : [];
    const guestsOf = (playerId: string) =>
      state.status === 'scheduled' ? (state.waitlist.find((party) => party.playerId === playerId)?.guests ?? 0) : 0;
    const clientOf = (playerId: string) => players[playerIds.indexOf(playerId)]!;
    const round2 = await Promise.all([
      ...waitingIds.map((playerId, index) =>
        clientOf(playerId).post('/api/join-game', { gameId, team: index % 3, guests: guestsOf(playerId) }),
      ),
      ...players
        .slice(30, 40)
        .map((player, index) => player.post('/api/join-game', { gameId, team: index % 3, guests: index % 3 })),
      ...players.slice(30, 40).map((player) => player.post('/api/join-waitlist', { gameId, guests: 1 })),
      players[1]!.post('/api/leave-game', { gameId }),
    ]);
    for (const answer of round2) expect([200, 409], answer.text).toContain(answer.status);
    expect(holders.length + round2.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    // Every prefix of the stream: members with guests and the places waitlist offers hold fit the game,
    // and the pitch holds at most maxPlayers.
    const events = await eventsOf(gameId);
    let folded: GameState = gameDecider.initialState();
    for (const event of events) {
      folded = gameDecider.evolve(folded, event);
      if (folded.status !== 'scheduled') continue;
      expect(placesOf(folded.participants) + placesOf(folded.waitlistOffers)).toBeLessThanOrEqual(capacity);
      expect(onPitchCount(folded.participants)).toBeLessThanOrEqual(maxPlayers);
    }
    // The parties joined from the waitlist took places for all of their guests.
    const fromWaitlist = events.filter(
      (event) => event.type === 'PlayerJoined' && waitingIds.includes(event.data.playerId),
    );
    for (const joined of fromWaitlist)
      if (joined.type === 'PlayerJoined') expect(joined.data.guests).toBe(guestsOf(joined.data.playerId));

    const game = await gameData(gameId);
    expect(folded.status === 'scheduled' && placesOf(folded.participants)).toBe(placesIn(game));
    expect(game.playerCount + game.sidelineCount).toBe(placesIn(game));
    expect(placesIn(game)).toBeLessThanOrEqual(capacity);
    expect(game.playerCount).toBeLessThanOrEqual(maxPlayers);
  }, 240_000);
});

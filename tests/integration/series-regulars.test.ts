/**
 * Regulars first (issue #30) over real HTTP: a series week stays out of search until last week's game
 * has ended; then last week's team players may join first for the captain's window, from a button on
 * their profile; then it opens to everyone. The weeks' first games are made in the past through the
 * command handler at chosen instants (the week before must have ended); everything else goes over HTTP.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  regularsFirstUntil,
  type GameDetail,
  type GameSearchResult,
  type RegularGame,
} from '@playtime/shared/contract/games';
import { fold, type DecisionContext, type Decider } from '@playtime/shared/domain/decider';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import type { AvailabilityCommand } from '@playtime/shared/domain/availability/commands/types';
import { subFieldStream, type AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { gameDecider, type GameCommand, type GameState } from '@playtime/shared/domain/games/decider';
import { gameStream, type GameEvent } from '@playtime/shared/domain/games/events';
import {
  gameDetailsOfBooking,
  gameIdForHold,
  laterWeekGameIds,
} from '@playtime/shared/game-loop/book-held-slot/booking';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas, parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { testDraft } from '@playtime/shared/testing/bookings';
import { signUpPlayer } from '../support/accounts';
import type { ApiAnswer, ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { demoPeople } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { HOUR } from '../support/time';
import { waitFor } from '../support/wait';

const NY = { 'x-time-zone': 'America/New_York' };

const WEEK = 7 * 24 * HOUR;
const HALF_HOUR = HOUR / 2;
const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;
const metadata = { userId: null, correlationId: 'series-regulars', causationId: null };

describe('regulars first, then everyone, over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let store: EventStore;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];
  let ids: Awaited<ReturnType<typeof demoPeople>>['ids'];
  let stranger: ApiClient;
  let pitch: { subFieldId: string; fieldId: string; ownerId: string; name: string };

  const decide = <Command, Event extends AvailabilityEvent | GameEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    command: Command,
    context: DecisionContext,
    likelyNew = false,
  ) => handleCommand({ store, decider, streamId, command, context, metadata, likelyNew });

  /**
   * A free two-week series held and booked at `now` (in the past) from `start`, whose first week the
   * demo player played on Team 1: its games' ids. Week 1's game, with that roster, is written before
   * the booking, so the job at its end (long past) finds the roster complete.
   */
  async function pastSeries(start: number, now: Date, regularsWindowHours: number): Promise<string[]> {
    const holdId = `hold-${start}`;
    const captainAt = (at: Date): DecisionContext => ({
      now: at,
      newId: () => `${holdId}-${Math.random()}`,
      actorId: ids.captain,
    });
    const hold: AvailabilityCommand = {
      type: 'HoldSlot',
      subField: pitch,
      startDate: new Date(start),
      endDate: new Date(start + HOUR),
      rentalCents: 0,
      holdMinutes: 10,
      draft: { ...testDraft, name: `Series ${start}`, priceCents: 0, minPlayers: null },
      series: { repeatWeeks: 2, skipDates: [], timeZone: 'UTC', regularsWindowHours },
    };
    await decide(availabilityDecider, subFieldStream(pitch.subFieldId), hold, {
      ...captainAt(now),
      newId: () => holdId,
    });
    const book: AvailabilityCommand = {
      type: 'BookSlot',
      subField: pitch,
      holdId,
      gameId: gameIdForHold(holdId),
      payment: null,
      laterWeekGameIds: laterWeekGameIds(holdId),
    };
    const history = (await store.readStream(subFieldStream(pitch.subFieldId))).map(
      (stored) => parseEvent(stored) as AvailabilityEvent,
    );
    const bookings = availabilityDecider.decide(book, fold(availabilityDecider, history), captainAt(now));
    const week1 = bookings[0]!;
    if (week1.type !== 'SlotBooked') throw new Error('no booking');
    const details = await gameDetailsOfBooking(store, week1.data, 24);
    const playedAt = new Date(start + 10 * 60_000).toISOString();
    const gameId = week1.data.gameId;
    const withRoster: Decider<GameCommand, GameEvent, GameState> = {
      ...gameDecider,
      decide: () => [
        { type: 'GameScheduled', data: { ...details, rentalPaymentId: null, rentalCents: 0 } },
        {
          type: 'PlayerJoined',
          data: {
            gameId,
            playerId: ids.player,
            username: 'player',
            paymentId: null,
            at: playedAt,
            guests: 0,
            guestNames: [],
          },
        },
        {
          type: 'PlayerMoved',
          data: { gameId, playerId: ids.player, from: 0, to: 1, movedBy: ids.player, at: playedAt, playedSeconds: 0 },
        },
      ],
    };
    await decide(withRoster, gameStream(gameId), { type: 'CheckMinimumPlayers' }, captainAt(now), true);
    await decide(availabilityDecider, subFieldStream(pitch.subFieldId), book, captainAt(now));
    return bookings.map((event) => (event as Extract<AvailabilityEvent, { type: 'SlotBooked' }>).data.gameId);
  }

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    ({ clients, ids } = await demoPeople(app.url));
    stranger = await signUpPlayer(app, 'stranger@series.test', 'stranger');
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it("keeps a week out of search until last week's end, lets its regulars join first for the window, then everyone", async () => {
    // Series A's first week ended about an hour ago: its second is in its regulars' 24 hours.
    // Series B's first week ended 29 hours ago: its second has been open to everyone for 5 hours.
    const startA = Math.floor(Date.now() / HALF_HOUR) * HALF_HOUR - 2 * HOUR;
    const startB = startA - 30 * HOUR;
    const { fieldId, subFieldId } = await addAvailableField(clients.owner, {
      name: 'Regulars Park',
      address: '4 Regulars Rd',
      subFieldName: 'Pitch A',
      // Next week's evenings, for both series' second weeks.
      startDate: new Date(startB + WEEK - HOUR).toISOString(),
      endDate: new Date(startA + WEEK + 2 * HOUR).toISOString(),
    });
    pitch = { subFieldId, fieldId, ownerId: ids.owner, name: 'Pitch A' };
    const past = new Date(startB - 2 * HOUR);
    await decide(
      availabilityDecider,
      subFieldStream(subFieldId),
      {
        type: 'AddAvailability',
        subField: pitch,
        startDate: new Date(startB - HOUR),
        endDate: new Date(startA + 2 * HOUR),
        actorIsAdmin: false,
        timeZone: 'UTC',
        maxDaysAhead: 365,
      },
      { now: past, newId: () => 'w-last-week', actorId: ids.owner },
    );
    const seriesB = await pastSeries(startB, past, 24);
    const seriesA = await pastSeries(startA, past, 24);

    // The job at each first week's end names its team player the second week's regular.
    for (const gameId of [seriesA[1]!, seriesB[1]!]) {
      await waitFor('the regulars named', async () => {
        const game = (await clients.captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail | null;
        return (game?.series?.regulars.length ?? 0) > 0;
      });
      const game = (await clients.captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
      expect(game.series!.regulars).toEqual([{ userId: ids.player, username: 'player' }]);
    }

    // Search shows B's second week (public) and not A's (its regulars' window).
    const place = (await stranger.get('/api/geocode?q=10001')).json as { latitude: number; longitude: number };
    const search = async () =>
      (
        (await stranger.get(`/api/get-games?latitude=${place.latitude}&longitude=${place.longitude}&distance=20`))
          .json as GameSearchResult[]
      ).map((game) => game.game_id);
    expect(await search()).toContain(seriesB[1]);
    expect(await search()).not.toContain(seriesA[1]);

    // The regular's profile offers A's second week (not B's: it is open to all); a stranger is told to wait.
    const regularGames = (await clients.player.get('/api/get-regular-games')).json as RegularGame[];
    expect(regularGames.map((game) => game.gameId)).toEqual([seriesA[1]]);
    expect(regularGames[0]!.publicFrom).toBe(new Date(startA + HOUR + 24 * HOUR).toISOString());
    expect((await stranger.get('/api/get-regular-games')).json).toEqual([]);
    const refused = await stranger.post('/api/join-game', { gameId: seriesA[1], team: 0 });
    expect(refused.status, refused.text).toBe(403);
    expect(errorOf(refused).code).toBe('regulars_first');
    // Issue #41: why and until when, in the reader's zone; and the waitlist takes them meanwhile.
    const publicFrom = startA + HOUR + 24 * HOUR;
    const inNewYork = await stranger.call('POST', '/api/join-game', { gameId: seriesA[1], team: 0 }, NY);
    expect(errorOf(inNewYork).message).toMatch(
      /^Regulars pick first until [A-Z][a-z]+day \d{1,2}(:\d\d)? [ap]m; you can join then or join the waitlist$/,
    );
    expect(errorOf(inNewYork).message).toBe(regularsFirstUntil(publicFrom, 'America/New_York'));
    expect(errorOf(refused).message).toBe(regularsFirstUntil(publicFrom, 'UTC'));
    // The entry checkout says the same, in the same zone.
    const purpose = { kind: 'entry', gameId: seriesA[1] };
    const checkout = await stranger.call('POST', '/api/checkout', { price: 0, purpose }, NY);
    expect(checkout.status, checkout.text).toBe(403);
    expect(errorOf(checkout).message).toBe(errorOf(inNewYork).message);
    const waiting = await stranger.post('/api/join-waitlist', { gameId: seriesA[1] });
    expect(waiting.status, waiting.text).toBe(200);
    expect((await stranger.post('/api/leave-waitlist', { gameId: seriesA[1] })).status).toBe(200);
    expect((await clients.player.post('/api/join-game', { gameId: seriesA[1], team: 0 })).status).toBe(200);
    clients.player.seesWritesOf(clients.player);
    expect((await clients.player.get('/api/get-regular-games')).json).toEqual([]);
    // B's second week is everyone's.
    expect((await stranger.post('/api/join-game', { gameId: seriesB[1], team: 0 })).status).toBe(200);

    // The captain adds the stranger as a regular in the Manage area: they may join now; removed, they may not.
    const added = await clients.captain.post('/api/add-regular', { gameId: seriesA[1], username: 'stranger' });
    expect(added.status, added.text).toBe(200);
    stranger.seesWritesOf(clients.captain);
    expect(((await stranger.get('/api/get-regular-games')).json as RegularGame[]).map((g) => g.gameId)).toEqual([
      seriesA[1],
    ]);
    const strangerId = ((await stranger.get('/api/get-user')).json as { userId: string }).userId;
    const removed = await clients.captain.post('/api/remove-regular', {
      gameId: seriesA[1],
      participantId: strangerId,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await stranger.post('/api/join-game', { gameId: seriesA[1], team: 0 })).status).toBe(403);
    expect((await stranger.post('/api/add-regular', { gameId: seriesA[1], username: 'stranger' })).status).toBe(403);
    const unknown = await clients.captain.post('/api/add-regular', { gameId: seriesA[1], username: 'nobody-here' });
    expect(unknown.status).toBe(404);
  });
});

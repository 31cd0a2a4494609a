/** A fresh standalone start gives every role something to do (DESIGN §7 demo data), once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail, GameInList, GameSearchResult, RegularGame } from '@playtime/shared/contract/games';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { offlineGeocoder } from '@playtime/shared/infra/geocoding/offline-geocoder';
import { demoPeople, seedDemoData } from '@playtime/command-api/demo/demo-data';
import { signedIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

describe('demo data on a fresh standalone start', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: 'true' });
  }, 120_000);
  afterAll(async () => {
    await app?.dispose();
  });

  it("has the owner's field with availability, the captain's live game, tomorrow's and a weekly series with a regular, found near 10001", async () => {
    const owner = await signedIn(app.url, 'owner');
    const fields = (await owner.get('/api/get-owner-fields')).json as {
      fieldId: string;
      fieldName: string;
      subFields: unknown[];
      picture: string;
    }[];
    expect(fields).toEqual([
      expect.objectContaining({
        fieldName: 'Riverside Park Fields',
        subFields: [expect.anything(), expect.anything()],
        // Its photo was uploaded to the app, as an owner's would be, and the app serves it.
        picture: expect.stringMatching(/^\/api\/pictures\/[0-9a-f]{64}$/),
      }),
    ]);
    const photo = await fetch(`${app.url}${fields[0]!.picture}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const schedules = (await owner.get(`/api/get-field-schedules?fieldId=${fields[0]!.fieldId}`)).json as {
      data: { type: string }[];
    }[];
    expect(
      schedules.flatMap((row) => row.data).filter((entry) => entry.type === 'schedule').length,
    ).toBeGreaterThanOrEqual(12);
    // The live game, tomorrow's, and the eight weeks of the weekly series (its first played yesterday).
    expect(schedules.flatMap((row) => row.data).filter((entry) => entry.type === 'game')).toHaveLength(10);

    const player = await signedIn(app.url, 'player');
    const near = (await player.get('/api/get-games?latitude=40.7506&longitude=-73.9972&distance=16.09'))
      .json as GameSearchResult[];
    // The series' next week is out of search while last week's players join first.
    expect(near).toHaveLength(2);
    const now = Date.now();
    const live = near.filter((game) => Date.parse(game.start_date) <= now && now < Date.parse(game.end_date));
    expect(live).toHaveLength(1);
    const detail = (await player.get(`/api/get-game-data?gameId=${live[0]!.game_id}`)).json as GameDetail;
    expect(detail).toMatchObject({ organizerUsername: 'captain', price: 5, status: 'scheduled' });

    const captain = await signedIn(app.url, 'captain');
    expect(
      ((await captain.get('/api/get-organizer-games')).json as GameInList[]).map((game) => game.name).sort(),
    ).toEqual(['Riverside Pick-up (live now)', 'Tomorrow Night Five-a-Side', 'Weekly Regulars', 'Weekly Regulars']);

    // The demo player played in the series yesterday: this week's game is theirs to join first.
    const regular = await waitFor('the regulars named', async () => {
      const games = (await player.get('/api/get-regular-games')).json as RegularGame[];
      return games.length > 0 ? games : undefined;
    });
    expect(regular).toEqual([
      expect.objectContaining({ name: 'Weekly Regulars', series: expect.objectContaining({ week: 2, weeks: 8 }) }),
    ]);
    const week2 = (await player.get(`/api/get-game-data?gameId=${regular[0]!.gameId}`)).json as GameDetail;
    expect(week2.series!.regulars).toEqual([{ userId: expect.any(String), username: 'player' }]);
  });

  it('seeds once: a second run changes nothing', async () => {
    const pool = createPool(app.databaseUrl);
    const store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    try {
      const { rows } = await pool.query<{ issuer: string; subject: string; email: string }>(
        'SELECT issuer, subject, email FROM read.users',
      );
      const people = await demoPeople(store, rows);
      expect(people).not.toBeNull();
      const before = await store.countEventsAfter(null);
      const deps = {
        store,
        pool,
        geocoder: offlineGeocoder(),
        payments: app.payments,
        cancellationWindowHours: 24,
        holdMinutes: 10,
      };
      expect(await seedDemoData(deps, people!)).toBe(false);
      expect(await store.countEventsAfter(null)).toBe(before);
    } finally {
      await store.close();
      await pool.end();
    }
  });
});

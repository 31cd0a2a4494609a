/**
 * Issue #41: the organizer's full list of their games and series over HTTP, upcoming and past, a page
 * at a time, a series as one entry with its weeks; the 4 soonest games alone could hide a new series.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail, GameInList } from '@playtime/shared/contract/games';
import {
  ORGANIZER_GAME_LIST_MESSAGES as MESSAGES,
  ORGANIZER_GAME_LIST_PATH,
  type OrganizerGameList,
} from '@playtime/shared/contract/organizer-games';
import type { ApiAnswer, ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, bookWeeklySeries, demoPeople } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DAY_AFTER_TOMORROW, HOUR, at } from '../support/time';

const WEEK = 7 * 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe("the organizer's list of games and series over HTTP", () => {
  let app: TestApp;
  let db: pg.Pool;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];
  const singles: string[] = [];
  let seriesId: string;

  const listOf = async (who: ApiClient, query: string): Promise<OrganizerGameList> => {
    return who.read<OrganizerGameList>(`${ORGANIZER_GAME_LIST_PATH}${query}`);
  };
  const namesOf = (list: OrganizerGameList) =>
    list.entries.map((entry) => (entry.kind === 'game' ? entry.game.name : `${entry.name} (series)`));

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    ({ clients } = await demoPeople(app.url));
    // Five single games in the morning of the test day, and a weekly series of 3 weeks in its evening.
    const { subFieldId: singlesPitch } = await addAvailableField(clients.owner, {
      name: 'List Park',
      address: '1 List St',
      subFieldName: 'North',
      startDate: at(8),
      endDate: at(16),
    });
    for (let hour = 9; hour <= 13; hour++)
      singles.push(
        (
          await bookPaidGame(clients.captain, clients.anonymous, singlesPitch, hour, hour + 1, {
            name: `Single ${hour}`,
          })
        ).gameId,
      );
    const { gameId: week1 } = await bookWeeklySeries(
      clients,
      { name: 'List Park Weekly', address: '2 List St', subFieldName: 'South' },
      { name: 'Evening Regulars', weeks: 3 },
    );
    // Someone else's game is never on the captain's list.
    await bookPaidGame(clients.admin, clients.anonymous, singlesPitch, 14, 15, { name: "The admin's game" });
    seriesId = ((await clients.captain.get(`/api/get-game-data?gameId=${week1}`)).json as GameDetail).series!.seriesId;
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it('lists every upcoming game and series a page at a time, a series once with all its weeks', async () => {
    // The four soonest alone leave the new series out.
    const soonest = (await clients.captain.get('/api/get-organizer-games')).json as GameInList[];
    expect(soonest.map((game) => game.name)).not.toContain('Evening Regulars');

    const first = await listOf(clients.captain, '?when=upcoming&page=0&pageSize=4');
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 4 });
    expect(namesOf(first)).toEqual(['Single 9', 'Single 10', 'Single 11', 'Single 12']);
    const second = await listOf(clients.captain, '?when=upcoming&page=1&pageSize=4');
    expect(namesOf(second)).toEqual(['Single 13', 'Evening Regulars (series)']);
    const series = second.entries[1]!;
    expect(series.kind).toBe('series');
    if (series.kind !== 'series') return;
    expect(series.seriesId).toBe(seriesId);
    expect(series.weeks.map((week) => week.series)).toEqual([1, 2, 3].map((week) => ({ seriesId, week, weeks: 3 })));
    expect(series.weeks.map((week) => week.startDate)).toEqual(
      [0, 1, 2].map((week) => iso(DAY_AFTER_TOMORROW + week * WEEK + 18 * HOUR)),
    );
    // Past the last page: no entries, the same total.
    expect(await listOf(clients.captain, '?when=upcoming&page=5&pageSize=4')).toMatchObject({ entries: [], total: 6 });
    // The defaults: upcoming, the first page of 10.
    expect(await listOf(clients.captain, '')).toMatchObject({ total: 6, page: 0, pageSize: 10 });
    // Another organizer sees only their own.
    expect(namesOf(await listOf(clients.admin, '?when=upcoming'))).toEqual(["The admin's game"]);
  });

  it('keeps a cancelled game on the list, marked so, and moves an ended one to the past', async () => {
    expect((await clients.captain.post('/api/delete-game', { gameId: singles[0] })).status).toBe(200);
    const upcoming = await listOf(clients.captain, '?when=upcoming');
    const cancelled = upcoming.entries.find((entry) => entry.kind === 'game' && entry.game.gameId === singles[0]);
    expect(cancelled).toMatchObject({ kind: 'game', game: { status: 'cancelled' } });

    // No game can be booked in the past: the read model is told that one has been played meanwhile.
    await db.query(
      `UPDATE read.games SET start_date = now() - interval '3 hours', end_date = now() - interval '2 hours' WHERE game_id = $1`,
      [singles[1]],
    );
    const past = await listOf(clients.captain, '?when=past');
    expect(past.total).toBe(1);
    expect(namesOf(past)).toEqual(['Single 10']);
    expect((await listOf(clients.captain, '?when=upcoming')).total).toBe(5);
  });

  it('refuses a bad query with a message to act on, and a caller without a token', async () => {
    for (const [query, message] of [
      ['?when=later', MESSAGES.badWhen],
      ['?page=-1', MESSAGES.badPage],
      ['?page=one', MESSAGES.badPage],
      ['?pageSize=0', MESSAGES.badPageSize],
      ['?pageSize=500', MESSAGES.badPageSize],
    ] as const) {
      const answer = await clients.captain.get(`${ORGANIZER_GAME_LIST_PATH}${query}`);
      expect(answer.status, query).toBe(400);
      expect(errorOf(answer).message).toContain(message);
    }
    expect((await clients.anonymous.get(ORGANIZER_GAME_LIST_PATH)).status).toBe(401);
  });
});

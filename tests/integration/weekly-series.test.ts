/**
 * A captain's weekly series over real HTTP on the standalone app (issue #30): one hold of every kept
 * week on the sub-field's stream (all or nothing, naming the clashing dates), one payment of every
 * week's rental, one game per week linked as a series, per-week refunds on cancellation, and twenty
 * captains racing for overlapping series without any week booked twice.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddedGame, CancelledSeries, GameDetail, GameInList, HeldSlot } from '@playtime/shared/contract/games';
import { signUpPlayer } from '../support/accounts';
import { type ApiAnswer, type ApiClient } from '../support/api-client';
import { addAvailableField, addNewYorkField } from '../support/fields';
import { demoPeople, payInFull } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DAY_AFTER_TOMORROW, HOUR } from '../support/time';
import { waitFor } from '../support/wait';

const WEEK = 7 * 24 * HOUR;
const errorOf = (answer: ApiAnswer) =>
  (answer.json as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
/** A week's 18:00 (UTC) on the day after tomorrow's weekday, `week` 1 being that day. */
const weekAt = (week: number, hours = 18) => DAY_AFTER_TOMORROW + (week - 1) * WEEK + hours * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (week: number) => iso(weekAt(week)).slice(0, 10);

describe('a weekly series over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];

  /** A field at $40 an hour whose sub-field is available 17:00–22:00 UTC on the series' weekday for 14 weeks. */
  async function weeklyField(name: string): Promise<string> {
    const { subFieldId } = await addAvailableField(clients.owner, {
      name,
      address: `${name.length} Series Rd`,
      subFieldName: 'Pitch A',
      startDate: iso(weekAt(1, 17)),
      endDate: iso(weekAt(1, 22)),
    });
    for (let week = 2; week <= 14; week++) {
      const window = await clients.owner.post('/api/add-field-schedule', {
        subFieldId,
        startDate: iso(weekAt(week, 17)),
        endDate: iso(weekAt(week, 22)),
      });
      expect(window.status, window.text).toBe(200);
    }
    for (const client of Object.values(clients)) client.seesWritesOf(clients.owner);
    return subFieldId;
  }

  const holdSeries = (captain: ApiClient, subFieldId: string, fromWeek: number, body: Record<string, unknown>) =>
    captain.post('/api/hold-slot', {
      subFieldId,
      startDate: iso(weekAt(fromWeek)),
      endDate: iso(weekAt(fromWeek, 19.5)),
      name: 'Tuesday Regulars',
      maxPlayers: 16,
      price: '6',
      sidelineSize: 3,
      minPlayers: 10,
      decisionHours: 4,
      ...body,
    });

  /** Pays a held series in one payment and books it: add-game's answer. */
  async function payAndBook(captain: ApiClient, subFieldId: string, held: HeldSlot): Promise<AddedGame> {
    const paymentId = await payInFull(
      captain,
      clients.anonymous,
      { kind: 'rental', holdId: held.holdId, subFieldId },
      held.rentalCents,
    );
    const added = await captain.post('/api/add-game', { subFieldId, holdId: held.holdId, paymentId });
    expect(added.status, added.text).toBe(200);
    return added.json as AddedGame;
  }

  const bookedWeeks = async (subFieldId: string) =>
    (
      await db.query<{ game_id: string; start: Date }>(
        `SELECT game_id, lower(during) AS start FROM read.bookings WHERE sub_field_id = $1 ORDER BY lower(during)`,
        [subFieldId],
      )
    ).rows;

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    ({ clients } = await demoPeople(app.url));
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it('holds a 12-week series with two clashing weeks only once they are dropped, and books every kept week in one payment', async () => {
    const pitch = await weeklyField('Twelve Weeks Park');
    // The admin (an organizer too) has booked week 4 and is paying for week 9 right now.
    const week4 = await clients.admin.post('/api/hold-slot', {
      subFieldId: pitch,
      startDate: iso(weekAt(4, 19)),
      endDate: iso(weekAt(4, 20)),
    });
    expect(week4.status, week4.text).toBe(200);
    await payAndBook(clients.admin, pitch, week4.json as HeldSlot);
    const week9 = await clients.admin.post('/api/hold-slot', {
      subFieldId: pitch,
      startDate: iso(weekAt(9, 18.5)),
      endDate: iso(weekAt(9, 19)),
    });
    expect(week9.status, week9.text).toBe(200);
    clients.captain.seesWritesOf(clients.admin);

    const refused = await holdSeries(clients.captain, pitch, 1, { repeatWeeks: 12 });
    expect(refused.status, refused.text).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'series_weeks_clash',
      fields: { clashingDates: `${dateOf(4)},${dateOf(9)}` },
    });
    expect(errorOf(refused).message).toMatch(/^These weeks are not free: .*Drop them or pick another time\.$/);
    // All or nothing: the refusal held no week, so the admin can still hold week 2.
    const liveHolds = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM read.holds WHERE sub_field_id = $1 AND status = 'live'`,
          [pitch],
        )
      ).rows[0]!.n;
    await waitFor("the admin's hold projected", async () => (await liveHolds()) === 1);
    // The refused series left nothing held: still only the admin's week 9.
    expect(await liveHolds()).toBe(1);

    const badSkip = await holdSeries(clients.captain, pitch, 1, { repeatWeeks: 12, skipDates: ['2000-01-01'] });
    expect(badSkip.status).toBe(422);
    expect(errorOf(badSkip).code).toBe('skip_not_in_series');
    const tooMany = await holdSeries(clients.captain, pitch, 1, { repeatWeeks: 13 });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toBe('repeatWeeks: A weekly series has at most 12 weeks');

    const held = await holdSeries(clients.captain, pitch, 1, { repeatWeeks: 12, skipDates: [dateOf(4), dateOf(9)] });
    expect(held.status, held.text).toBe(200);
    const hold = held.json as HeldSlot;
    const kept = [1, 2, 3, 5, 6, 7, 8, 10, 11, 12];
    expect(hold.occurrences).toEqual(
      kept.map((week) => ({ startDate: iso(weekAt(week)), endDate: iso(weekAt(week, 19.5)) })),
    );
    // $40 an hour for 90 minutes, ten weeks, in one payment.
    expect(hold.rentalCents).toBe(10 * 6000);
    expect(hold.seriesId).toEqual(expect.any(String));

    const added = await payAndBook(clients.captain, pitch, hold);
    expect(added.seriesId).toBe(hold.seriesId);
    expect(added.gameIds).toHaveLength(10);
    expect(added.gameIds[0]).toBe(added.gameId);
    // Retried, add-game books nothing more and answers the same games.
    const again = await clients.captain.post('/api/add-game', { subFieldId: pitch, holdId: hold.holdId });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(added);

    for (const [index, gameId] of added.gameIds.entries()) {
      const game = (await clients.captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
      expect(game).toMatchObject({
        name: 'Tuesday Regulars',
        max_players: 16,
        priceCents: 600,
        sidelineSize: 3,
        minPlayers: 10,
        start_date: iso(weekAt(kept[index]!)),
      });
    }
    await waitFor('every booking projected', async () => (await bookedWeeks(pitch)).length === 11);
    const booked = await bookedWeeks(pitch);
    expect(booked.map((row) => row.start.toISOString())).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12].map((week) => iso(weekAt(week, week === 4 ? 19 : 18))),
    );
  });

  it("keeps a New York field's 18:00 every week for a captain in London or with no zone, across both daylight-saving changes (issue #41)", async () => {
    const fieldId = await addNewYorkField(clients.owner, { name: 'Hudson Zone Park', address: '41 Zone Rd' });
    const pitch = (await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'Pitch A' })).text;
    // Thursdays 17:00–22:00 New York, before and after each change (US: 14 Mar and 7 Nov 2027).
    for (const [startDate, endDate, until] of [
      ['2027-03-04T22:00:00.000Z', '2027-03-05T03:00:00.000Z', '2027-03-25'],
      ['2027-10-21T21:00:00.000Z', '2027-10-22T02:00:00.000Z', '2027-11-11'],
    ]) {
      const windows = await clients.owner.call(
        'POST',
        '/api/add-field-schedule',
        { subFieldId: pitch, startDate, endDate, repeat: { weekdays: [4], until } },
        { 'x-time-zone': 'America/New_York' },
      );
      expect(windows.status, windows.text).toBe(200);
    }
    clients.captain.seesWritesOf(clients.owner);
    const hold = async (
      startDate: string,
      endDate: string,
      zone: string | null,
      body: Record<string, unknown> = {},
    ) => {
      const answer = await clients.captain.call(
        'POST',
        '/api/hold-slot',
        { subFieldId: pitch, startDate, endDate, name: 'Zone Regulars', repeatWeeks: 4, ...body },
        zone ? { 'x-time-zone': zone } : {},
      );
      expect(answer.status, answer.text).toBe(200);
      return (answer.json as HeldSlot).occurrences.map((week) => week.startDate);
    };
    for (const zone of ['Europe/London', null]) {
      // Spring forward: 18:00 EST is 23:00 UTC, 18:00 EDT 22:00 UTC (London keeps GMT until 28 March).
      expect(await hold('2027-03-04T23:00:00.000Z', '2027-03-05T00:30:00.000Z', zone)).toEqual([
        '2027-03-04T23:00:00.000Z',
        '2027-03-11T23:00:00.000Z',
        '2027-03-18T22:00:00.000Z',
        '2027-03-25T22:00:00.000Z',
      ]);
      // Fall back: 18:00 EDT is 22:00 UTC, 18:00 EST 23:00 UTC (London is back on GMT from 31 October).
      expect(await hold('2027-10-21T22:00:00.000Z', '2027-10-21T23:30:00.000Z', zone)).toEqual([
        '2027-10-21T22:00:00.000Z',
        '2027-10-28T22:00:00.000Z',
        '2027-11-04T22:00:00.000Z',
        '2027-11-11T23:00:00.000Z',
      ]);
      // The dates to skip are the field's: 20:00 on Thursday in New York is already Friday in London and in UTC.
      expect(
        await hold('2027-03-05T01:00:00.000Z', '2027-03-05T02:30:00.000Z', zone, { skipDates: ['2027-03-11'] }),
      ).toEqual(['2027-03-05T01:00:00.000Z', '2027-03-19T00:00:00.000Z', '2027-03-26T00:00:00.000Z']);
    }
  });

  it("gives back each cancelled week its own rental from the one series payment; 'the rest of the series' cancels every later week at once", async () => {
    const pitch = await weeklyField('Refund Park');
    const held = await holdSeries(clients.captain, pitch, 1, { repeatWeeks: 4 });
    expect(held.status, held.text).toBe(200);
    const hold = held.json as HeldSlot;
    expect(hold.rentalCents).toBe(24_000);
    const paymentId = await payInFull(
      clients.captain,
      clients.anonymous,
      { kind: 'rental', holdId: hold.holdId, subFieldId: pitch },
      hold.rentalCents,
    );
    const added = await clients.captain.post('/api/add-game', { subFieldId: pitch, holdId: hold.holdId, paymentId });
    expect(added.status, added.text).toBe(200);
    const { gameIds, seriesId } = added.json as AddedGame;

    // Every week says which of the series it is.
    const week3 = (await clients.captain.get(`/api/get-game-data?gameId=${gameIds[2]}`)).json as GameDetail;
    expect(week3.series).toMatchObject({ seriesId, week: 3, weeks: 4, regulars: [] });
    expect(week3.series!.regularsFrom).toBe(iso(weekAt(2, 19.5)));
    expect(week3.series!.publicFrom).toBe(iso(weekAt(2, 19.5) + 24 * HOUR));
    const listed = (await clients.captain.get(`/api/get-series-games?seriesId=${seriesId}`)).json as GameInList[];
    expect(listed.map((game) => [game.gameId, game.series?.week, game.rentalCents])).toEqual(
      gameIds.map((gameId, index) => [gameId, index + 1, 6000]),
    );
    expect((await clients.player.get(`/api/get-series-games?seriesId=${seriesId}`)).status).toBe(403);

    const refunds = async () => (await app.payments.processor.listRefunds(paymentId)).map((r) => r.amountCents);
    // Week 2 is more than the field's 24 hours away: its $60 comes back, the other weeks' stay paid.
    expect((await clients.captain.post('/api/delete-game', { gameId: gameIds[1] })).status).toBe(200);
    await waitFor('week 2 refunded', async () => (await refunds()).length === 1);
    expect(await refunds()).toEqual([6000]);

    // The rest of the series from week 3: weeks 3 and 4 in one call, each with its own refund.
    expect((await clients.player.post('/api/cancel-series', { gameId: gameIds[2] })).status).toBe(403);
    const rest = await clients.captain.post('/api/cancel-series', { gameId: gameIds[2] });
    expect(rest.status, rest.text).toBe(200);
    expect((rest.json as CancelledSeries).cancelled).toEqual([
      { gameId: gameIds[2], week: 3, startDate: iso(weekAt(3)), rentalRefundCents: 6000 },
      { gameId: gameIds[3], week: 4, startDate: iso(weekAt(4)), rentalRefundCents: 6000 },
    ]);
    await waitFor('weeks 3 and 4 refunded', async () => (await refunds()).length === 3);
    expect(await refunds()).toEqual([6000, 6000, 6000]);
    // Again: nothing left to cancel, nothing refunded twice.
    const again = await clients.captain.post('/api/cancel-series', { gameId: gameIds[2] });
    expect((again.json as CancelledSeries).cancelled).toEqual([]);
    // Week 1 still booked; the other weeks free again.
    await waitFor('the slots given back', async () => (await bookedWeeks(pitch)).length === 1);
    expect((await bookedWeeks(pitch))[0]!.game_id).toBe(gameIds[0]);
    const single = await clients.captain.post('/api/cancel-series', { gameId: 'no-such-game' });
    expect(single.status).toBe(404);
  });

  it('lets one of 20 captains racing for overlapping series win each week, and books no week twice', async () => {
    const pitch = await weeklyField('Race Park');
    const captains: ApiClient[] = [];
    for (let index = 0; index < 20; index++) {
      const client = await signUpPlayer(app, `racer-${index}@series.test`, `racer${index}`);
      const { userId } = (await client.get('/api/get-user')).json as { userId: string };
      expect((await clients.admin.post('/api/admin-edit-user', { userId, role: 'captain' })).status).toBe(200);
      client.seesWritesOf(clients.admin).seesWritesOf(clients.owner);
      captains.push(client);
    }
    // Captain i wants four weeks from week 1 + i % 5: every series overlaps several others.
    const fromWeek = (index: number) => 1 + (index % 5);
    const answers = await Promise.all(
      captains.map((captain, index) => holdSeries(captain, pitch, fromWeek(index), { repeatWeeks: 4 })),
    );
    const winners = answers.flatMap((answer, index) => (answer.status === 200 ? [index] : []));
    expect(winners.length).toBeGreaterThan(0);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status, answer.text).toBe(409);
      expect(errorOf(answer).code).toBe('series_weeks_clash');
    }
    // No week is held by two winners.
    const weeksOf = (index: number) => [0, 1, 2, 3].map((offset) => fromWeek(index) + offset);
    const heldWeeks = winners.flatMap(weeksOf);
    expect(new Set(heldWeeks).size).toBe(heldWeeks.length);
    // Every week any captain wanted is held by exactly one of them when some series fits around it.
    for (const index of winners) {
      const hold = answers[index]!.json as HeldSlot;
      expect(hold.occurrences.map((week) => week.startDate)).toEqual(weeksOf(index).map((week) => iso(weekAt(week))));
    }
    // The winners pay and book at once, each series its four games.
    const booked = await Promise.all(
      winners.map((index) => payAndBook(captains[index]!, pitch, answers[index]!.json as HeldSlot)),
    );
    expect(booked.every((added) => added.gameIds.length === 4)).toBe(true);
    await waitFor('every booking projected', async () => (await bookedWeeks(pitch)).length >= heldWeeks.length);
    const rows = await bookedWeeks(pitch);
    expect(rows).toHaveLength(heldWeeks.length);
    expect(new Set(rows.map((row) => row.start.toISOString())).size).toBe(rows.length);
    // A loser can still hold the weeks nobody won, all at once, or is told which clash.
    const loser = captains[answers.findIndex((answer) => answer.status !== 200)]!;
    const free = [1, 2, 3, 4, 5, 6, 7, 8].filter((week) => !heldWeeks.includes(week));
    if (free.length > 0) {
      const rest = await loser.post('/api/hold-slot', {
        subFieldId: pitch,
        startDate: iso(weekAt(free[0]!)),
        endDate: iso(weekAt(free[0]!, 19.5)),
        repeatWeeks: 8 - free[0]! + 1,
        skipDates: heldWeeks.filter((week) => week > free[0]!).map(dateOf),
      });
      expect(rest.status, rest.text).toBe(200);
    }
  }, 120_000);
});

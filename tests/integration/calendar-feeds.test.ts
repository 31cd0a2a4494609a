/**
 * Calendar feeds over real HTTP on the standalone app (issue #31): a user's private feed address, made
 * and replaced; the feed read by ical.js (a parser nobody here wrote) after a game is created, joined
 * and cancelled; an owner's bookings in theirs; a wrong or old address answers 404; an unchanged feed
 * answers 304 to its ETag; and one game as a downloadable file.
 */
import ICAL from 'ical.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_GUESSES,
  CALENDAR_FEED_PATH,
  CALENDAR_TEXTS,
  GAME_CALENDAR_PATH,
  ROTATE_CALENDAR_FEED_PATH,
  type CalendarFeedAnswer,
} from '@playtime/shared/contract/calendar';
import type { ApiClient } from '../support/api-client';
import { conditionalGetStatus } from '../support/conditional-get';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, demoPeople, type DemoPerson } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at } from '../support/time';
import { waitFor } from '../support/wait';

interface FeedEvent {
  uid: string;
  summary: string;
  status: string | null;
  sequence: number;
  start: number;
  end: number;
  location: string;
  description: string;
  url: string | null;
}

/** '20261201T130000': an instant as a New York wall clock reads it, as iCalendar writes a local time. */
function onNewYorkClock(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** What a calendar app would take from the document. */
function eventsOf(document: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(document));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      location: event.location,
      description: event.description,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
    };
  });
}

describe('calendar feeds over HTTP', () => {
  let app: TestApp;
  let clients: Record<DemoPerson | 'anonymous', ApiClient>;
  let subFieldId: string;

  /** Reads a feed as a calendar app does: by its address alone, without a login. */
  const readFeed = (url: string) => fetch(url);
  /** The same, from a client at `address` (the proxy in front, loopback, is trusted to say so). */
  const from = (address: string, url: string) => fetch(url, { headers: { 'x-forwarded-for': address } });

  async function feedAddressOf(who: DemoPerson): Promise<string> {
    const made = await clients[who].post(ROTATE_CALENDAR_FEED_PATH);
    expect(made.status, made.text).toBe(200);
    return (made.json as CalendarFeedAnswer).url!;
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ clients } = await demoPeople(app.url));
    ({ subFieldId } = await addAvailableField(clients.owner, {
      name: 'Calendar Park',
      address: '5 Feed St',
      subFieldName: 'North',
      startDate: at(8),
      endDate: at(23),
    }));
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('has no address until one is made, then the same one until it is replaced; the old one is gone', async () => {
    const none = await clients.player.get(CALENDAR_FEED_PATH);
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual({ url: null });
    expect((await clients.anonymous.get(CALENDAR_FEED_PATH)).status).toBe(401);

    const first = await feedAddressOf('player');
    expect(first).toMatch(new RegExp(`^${app.url}/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
    expect((await clients.player.get(CALENDAR_FEED_PATH)).json).toEqual({ url: first });
    const empty = await readFeed(first);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toContain('text/calendar');
    expect(eventsOf(await empty.text())).toEqual([]);

    const second = await feedAddressOf('player');
    expect(second).not.toBe(first);
    expect((await clients.player.get(CALENDAR_FEED_PATH)).json).toEqual({ url: second });
    expect((await readFeed(first)).status).toBe(404);
    expect((await readFeed(second)).status).toBe(200);
  });

  it('answers 404 to an address nobody holds, and to one that is not an address', async () => {
    const wrong = await readFeed(`${app.url}/calendar/${'A'.repeat(32)}.ics`);
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('profile');
    for (const path of ['/calendar/short.ics', `/calendar/${'A'.repeat(32)}.txt`, '/calendar/%2e%2e.ics'])
      expect((await readFeed(`${app.url}${path}`)).status, path).toBe(404);
  });

  it('answers a new address only once it is readable', async () => {
    // The calendar read model is held back: its writer waits while this transaction holds the table.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE read.calendar_feeds IN EXCLUSIVE MODE');
      // The address is read the moment its answer comes, as a person pasting it into a calendar app would.
      const firstRead = clients.player.post(ROTATE_CALENDAR_FEED_PATH).then(async (made) => {
        expect(made.status, made.text).toBe(200);
        return (await readFeed((made.json as CalendarFeedAnswer).url!)).status;
      });
      await waitFor('the projector to wait for the calendar feeds', async () => {
        const { rows } = await db.query<{ waiting: number }>(
          'SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
        );
        return rows[0]!.waiting > 0;
      });
      await db.query('COMMIT');
      expect(await firstRead).toBe(200);
    } finally {
      await db.end();
    }
  });

  it('slows a network that guesses addresses, every address of it alike; other networks are not held up', async () => {
    const feed = await feedAddressOf('captain');
    const wrong = (n: number) => `${app.url}/calendar/${String(n).padStart(32, 'x')}.ics`;

    for (let n = 0; n < CALENDAR_FEED_GUESSES; n += 1) expect((await from('203.0.113.7', wrong(n))).status).toBe(404);
    const refused = await from('203.0.113.7', wrong(CALENDAR_FEED_GUESSES));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: 'too_many_feed_guesses',
      message: CALENDAR_TEXTS.tooManyGuesses,
    });
    // A right guess now would not be told apart from a wrong one.
    expect((await from('203.0.113.7', feed)).status).toBe(429);
    expect((await from('198.51.100.7', feed)).status).toBe(200);

    // An IPv6 network is its /64: each guess from another address of it counts against the same budget.
    for (let n = 0; n < CALENDAR_FEED_GUESSES; n += 1)
      expect((await from(`2001:db8:1:2::${(n + 1).toString(16)}`, wrong(n))).status).toBe(404);
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:ffff', feed)).status).toBe(429);
    expect((await from('2001:db8:1:3::1', feed)).status).toBe(200);
  });

  it('counts no replaced address as a guess: calendar apps still asking for one are not held up', async () => {
    const replaced = await feedAddressOf('owner');
    const current = await feedAddressOf('owner');
    for (let n = 0; n <= CALENDAR_FEED_GUESSES; n += 1) expect((await from('192.0.2.44', replaced)).status).toBe(404);
    expect((await from('192.0.2.44', current)).status).toBe(200);
  });

  it("lists the games a player plays in, the captain's and the owner's, and follows a cancellation", async () => {
    const [playerFeed, captainFeed, ownerFeed] = [
      await feedAddressOf('player'),
      await feedAddressOf('captain'),
      await feedAddressOf('owner'),
    ];
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 18, 20, {
      name: 'Feed Friday',
      price: '0',
    });
    const joined = await clients.player.post('/api/join-game', { gameId, team: 1 });
    expect(joined.status, joined.text).toBe(200);

    const host = new URL(app.url).host;
    const scheduled = {
      uid: `${gameId}@${host}`,
      summary: 'Feed Friday',
      status: 'CONFIRMED',
      sequence: 0,
      start: Date.parse(at(18)),
      end: Date.parse(at(20)),
      location: 'Calendar Park · North, 5 Feed St, New York, 10001',
      url: `${app.url}/game-details/${gameId}`,
    };
    for (const [feed, reader, role] of [
      [playerFeed, clients.player, CALENDAR_TEXTS.player],
      [captainFeed, clients.captain, CALENDAR_TEXTS.organizer],
      [ownerFeed, clients.owner, CALENDAR_TEXTS.owner],
    ] as const) {
      // The reader's own feed, once their view has caught up with the writes so far.
      reader.seesWritesOf(clients.player).seesWritesOf(clients.captain);
      expect((await reader.get(CALENDAR_FEED_PATH)).status).toBe(200);
      const events = eventsOf(await (await readFeed(feed)).text());
      expect(events, role).toEqual([expect.objectContaining({ ...scheduled, description: role })]);
    }

    // On the pitch's own clock (the demo field's zone), with the zone's rules in the document.
    const document = await (await readFeed(playerFeed)).text();
    expect(document).toContain(`DTSTART;TZID=America/New_York:${onNewYorkClock(at(18))}`);
    expect(document).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/);

    // An unchanged feed is not sent again; a changed one is.
    const before = await readFeed(playerFeed);
    const etag = before.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(before.headers.get('cache-control')).toContain('private');
    expect(await conditionalGetStatus(playerFeed, etag)).toBe(304);

    const cancelled = await clients.captain.post('/api/delete-game', { gameId });
    expect(cancelled.status, cancelled.text).toBe(200);
    clients.player.seesWritesOf(clients.captain);
    expect((await clients.player.get(CALENDAR_FEED_PATH)).status).toBe(200);
    expect(await conditionalGetStatus(playerFeed, etag)).toBe(200);
    const after = await readFeed(playerFeed);
    expect(eventsOf(await after.text())).toEqual([
      expect.objectContaining({ uid: scheduled.uid, status: 'CANCELLED', sequence: 1 }),
    ]);
  });

  it('lists a game an admin organizes on a field of their own once, as its organizer', async () => {
    // An admin may both add fields and organize games: the organizer is then the field's owner too.
    const adminFeed = await feedAddressOf('admin');
    const own = await addAvailableField(clients.admin, {
      name: 'Own Pitch Park',
      address: '7 Feed St',
      subFieldName: 'South',
      startDate: at(8),
      endDate: at(23),
    });
    const { gameId } = await bookPaidGame(clients.admin, clients.anonymous, own.subFieldId, 9, 10, {
      name: 'Own Pitch',
      price: '0',
    });
    expect((await clients.admin.get(CALENDAR_FEED_PATH)).status).toBe(200);
    const events = eventsOf(await (await readFeed(adminFeed)).text()).filter((event) => event.uid.startsWith(gameId));
    expect(events).toEqual([expect.objectContaining({ summary: 'Own Pitch', description: CALENDAR_TEXTS.organizer })]);
  });

  it('drops a game from the feed of a player who leaves it, and lists it again when they rejoin', async () => {
    const feed = await feedAddressOf('player');
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 8, 9, {
      name: 'Come and Go',
      price: '0',
    });
    const summaries = async () => {
      expect((await clients.player.seesWritesOf(clients.captain).get(CALENDAR_FEED_PATH)).status).toBe(200);
      return eventsOf(await (await readFeed(feed)).text()).map((event) => event.summary);
    };
    expect(await summaries()).not.toContain('Come and Go');
    expect((await clients.player.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    expect(await summaries()).toContain('Come and Go');
    expect((await clients.player.post('/api/leave-game', { gameId })).status).toBe(200);
    expect(await summaries()).not.toContain('Come and Go');
    expect((await clients.player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
    expect(await summaries()).toContain('Come and Go');
  });

  it("gives anyone one game as a file to add, with the feed's UID", async () => {
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 21, 22, {
      name: 'Late: Game / Night',
      price: '0',
    });
    // A signed-in reader's request waits for the captain's booking; the file itself needs no login.
    expect((await clients.player.seesWritesOf(clients.captain).get(CALENDAR_FEED_PATH)).status).toBe(200);
    const file = await fetch(`${app.url}${GAME_CALENDAR_PATH}?gameId=${gameId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Late Game  Night.ics"');
    expect(eventsOf(await file.text())).toEqual([
      expect.objectContaining({ uid: `${gameId}@${new URL(app.url).host}`, summary: 'Late: Game / Night' }),
    ]);
    expect((await fetch(`${app.url}${GAME_CALENDAR_PATH}?gameId=nope`)).status).toBe(404);
    expect((await fetch(`${app.url}${GAME_CALENDAR_PATH}`)).status).toBe(400);
  });
});

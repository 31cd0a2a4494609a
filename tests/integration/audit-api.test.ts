/**
 * The admin's event history over HTTP on the standalone app: only admins read it; pages are keyset
 * pages of the log, newest first, that never overlap; each filter narrows them; each row names its
 * stream's kind, its actor and a readable line; nothing secret leaves the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { EVENT_SCAN_WINDOW, type AsOfAnswer, type EventHistoryPage } from '@playtime/shared/contract/audit';
import type { GameDetail } from '@playtime/shared/contract/games';
import { ROTATE_CALENDAR_FEED_PATH } from '@playtime/shared/contract/calendar';
import type { ApiClient } from '../support/api-client';
import { addAvailableField, addNewYorkField } from '../support/fields';
import { demoPeople, type DemoPerson } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { HOUR, at } from '../support/time';

describe('the event history over HTTP', () => {
  let app: TestApp;
  let clients: Record<DemoPerson | 'anonymous', ApiClient>;
  let ids: Record<DemoPerson, string>;
  let gameId: string;

  const history = (query = '') => clients.admin.read<EventHistoryPage>(`/api/admin/events${query}`);

  beforeAll(async () => {
    app = await startTestApp();
    ({ clients, ids } = await demoPeople(app.url));
    const { fieldId, subFieldId } = await addAvailableField(clients.owner, {
      name: 'History Park',
      address: '3 Main St',
    });
    expect(
      (await clients.admin.post('/api/set-field-policy', { fieldId, cancellationWindowHours: null, freeRental: true }))
        .status,
    ).toBe(200);
    clients.captain.seesWritesOf(clients.admin);
    const held = await clients.captain.post('/api/hold-slot', {
      subFieldId,
      startDate: at(18),
      endDate: at(19.5),
      name: 'History Match',
      price: 0,
    });
    const added = await clients.captain.post('/api/add-game', {
      subFieldId,
      holdId: (held.json as { holdId: string }).holdId,
    });
    expect(added.status, added.text).toBe(200);
    gameId = (added.json as { gameId: string }).gameId;
    expect((await clients.player.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    expect((await clients.player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('answers only admins', async () => {
    expect((await clients.anonymous.get('/api/admin/events')).status).toBe(401);
    for (const who of ['player', 'captain', 'owner'] as const) {
      const refused = await clients[who].get('/api/admin/events');
      expect(refused.status).toBe(403);
      expect((refused.json as { error: { message: string } }).error.message).toBe(
        'Only admins can read the event history.',
      );
    }
  });

  it('pages the log newest first by position, without overlaps, to its start', async () => {
    const first = await history('?limit=5');
    expect(first.events).toHaveLength(5);
    const positions = first.events.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(first.next).toBe(positions.at(-1));
    const second = await history(`?limit=5&before=${first.next}`);
    expect(Math.max(...second.events.map((event) => event.position))).toBeLessThan(Math.min(...positions));
    // Walking to the start visits every event once.
    const seen = new Set<number>();
    let before: number | null = null;
    do {
      const page: EventHistoryPage = await history(`?limit=50${before ? `&before=${before}` : ''}`);
      for (const event of page.events) {
        expect(seen.has(event.position)).toBe(false);
        seen.add(event.position);
      }
      before = page.next;
    } while (before !== null);
    expect(seen.size).toBeGreaterThan(10);
  });

  it('tails the log: the events right after a position, newest first, saying when more came after them', async () => {
    const newestTen = (await history('?limit=10')).events.map((event) => event.position);
    const [newest, , third] = newestTen;
    const tail = await history(`?after=${third}`);
    expect(tail.events.map((event) => event.position)).toEqual(newestTen.slice(0, 2));
    expect(tail).toMatchObject({ more: false, next: null });
    expect((await history(`?after=${newest}`)).events).toEqual([]);
    // Behind by more than a page: the page right after the position, then the rest.
    const behind = await history(`?after=${newestTen[9]}&limit=5`);
    expect(behind).toMatchObject({ more: true });
    expect(behind.events.map((event) => event.position)).toEqual(newestTen.slice(4, 9));
    const rest = await history(`?after=${behind.events[0]!.position}&limit=5`);
    expect(rest.events.map((event) => event.position)).toEqual(newestTen.slice(0, 4));
    expect(rest.more).toBe(false);
    const both = await clients.admin.get(`/api/admin/events?after=1&before=5`);
    expect(both.status).toBe(400);
    expect(both.text).toContain('before and after cannot be used together');
  });

  it('names the kind, the actor and a readable line of each event', async () => {
    const { events } = await history(`?stream=game-${gameId}`);
    expect(events.map((event) => event.type)).toEqual(['PlayerMoved', 'PlayerJoined', 'GameScheduled']);
    const [moved, joined, scheduled] = events;
    // Written at GameScheduled's current schema version (4: the guests each player may bring, issue #45).
    expect(scheduled).toMatchObject({ kind: 'game', subjectId: gameId, version: 4 });
    expect(scheduled!.summary).toMatch(/^"History Match" scheduled at History Park · Pitch A, .+, entry free$/);
    expect(joined).toMatchObject({
      actor: { userId: ids.player, email: 'player@playtime.test' },
      summary: 'player joined',
    });
    expect(moved!.summary).toBe('player@playtime.test moved player@playtime.test from the sideline to Team 1');
    const booked = (await history('?type=SlotBooked')).events[0]!;
    expect(booked.kind).toBe('sub-field');
    expect(booked.summary).toMatch(/^captain@playtime\.test booked Pitch A .+18:00–19:30 for "History Match"$/);
  });

  it('narrows by type, kind, actor, correlation, time and text, and refuses filters a person must fix', async () => {
    const joins = await history('?type=PlayerJoined,PlayerMoved');
    expect(new Set(joins.events.map((event) => event.type))).toEqual(new Set(['PlayerJoined', 'PlayerMoved']));
    const fields = await history('?kind=field');
    expect(fields.events.length).toBeGreaterThan(0);
    expect(fields.events.every((event) => event.stream.startsWith('field-'))).toBe(true);
    const byPlayer = await history(`?actor=${ids.player}`);
    expect(byPlayer.events.length).toBeGreaterThanOrEqual(2);
    expect(byPlayer.events.every((event) => event.actor?.userId === ids.player)).toBe(true);
    const correlation = byPlayer.events[0]!.metadata.correlationId!;
    expect(
      (await history(`?correlation=${encodeURIComponent(correlation)}`)).events.every(
        (event) => event.metadata.correlationId === correlation,
      ),
    ).toBe(true);
    expect((await history(`?from=${encodeURIComponent(new Date(Date.now() + HOUR).toISOString())}`)).events).toEqual(
      [],
    );
    const text = await history('?q=history%20park');
    expect(text.events.length).toBeGreaterThan(0);
    expect(text.events.every((event) => JSON.stringify(event.data).toLowerCase().includes('history park'))).toBe(true);
    expect((await history('?q=HISTORY%20PARK')).events.map((event) => event.position)).toEqual(
      text.events.map((event) => event.position),
    );
    // Letters beyond ASCII fold case too.
    await addNewYorkField(clients.owner, { name: 'Étoile Park', address: '5 Main St' });
    for (const words of ['étoile', 'ÉTOILE']) {
      const found = await history(`?q=${encodeURIComponent(words)}&type=FieldAdded`);
      expect(
        found.events.map((event) => event.data.name),
        words,
      ).toEqual(['Étoile Park']);
    }

    const bad = await clients.admin.get('/api/admin/events?type=Nope&limit=500');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Unknown event type Nope');
    expect((await clients.admin.get('/api/admin/events?limit=500')).text).toContain('limit is at most 200');
    expect((await clients.admin.get('/api/admin/events?from=yesterday')).text).toContain(
      'from must be a date and time',
    );
  });

  it('shows a game as it stood at each step (joins, a move, a substitution, the cancellation), as the live read model showed it then', async () => {
    clients.captain.seesWritesOf(clients.player);
    const held = await clients.captain.post('/api/hold-slot', {
      subFieldId: (await history('?type=SubFieldAdded')).events[0]!.data.subFieldId,
      startDate: at(20),
      endDate: at(21),
      name: 'Replay Match',
      price: 0,
    });
    const added = await clients.captain.post('/api/add-game', {
      subFieldId: (await history('?type=SubFieldAdded')).events[0]!.data.subFieldId,
      holdId: (held.json as { holdId: string }).holdId,
    });
    expect(added.status, added.text).toBe(200);
    const replayId = (added.json as { gameId: string }).gameId;
    const teams = async () => {
      for (const who of ['player', 'admin'] as const) clients.captain.seesWritesOf(clients[who]);
      const game = (await clients.captain.get(`/api/get-game-data?gameId=${replayId}`)).json as GameDetail;
      const ids = (list: { userId: string }[]) => list.map((participant) => participant.userId).sort();
      return { 0: ids(game.sideline), 1: ids(game.team_1), 2: ids(game.team_2) };
    };
    const moments: { at: string; live: Awaited<ReturnType<typeof teams>> }[] = [];
    const step = async (command: () => Promise<{ status: number }>) => {
      expect((await command()).status).toBe(200);
      moments.push({ at: new Date().toISOString(), live: await teams() });
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await step(() => clients.player.post('/api/join-game', { gameId: replayId, team: 0 }));
    await step(() => clients.player.post('/api/join-game', { gameId: replayId, team: 1 }));
    await step(() => clients.admin.post('/api/join-game', { gameId: replayId, team: 0 }));
    await step(() =>
      clients.captain.post('/api/switch-players', {
        gameId: replayId,
        participantId1: ids.admin,
        participantId2: ids.player,
      }),
    );
    await step(() => clients.captain.post('/api/delete-game', { gameId: replayId }));

    for (const [index, moment] of moments.entries()) {
      const answer = await clients.admin.get(
        `/api/admin/as-of?stream=game-${replayId}&at=${encodeURIComponent(moment.at)}`,
      );
      expect(answer.status, answer.text).toBe(200);
      const asOf = answer.json as AsOfAnswer;
      const state = asOf.state as { status: string; participants: { playerId: string; team: 0 | 1 | 2 }[] };
      const byTeam = (team: 0 | 1 | 2) =>
        state.participants
          .filter((participant) => participant.team === team)
          .map((participant) => participant.playerId)
          .sort();
      expect({ 0: byTeam(0), 1: byTeam(1), 2: byTeam(2) }, `step ${index + 1}`).toEqual(moment.live);
      expect(state.status).toBe(index === moments.length - 1 ? 'cancelled' : 'scheduled');
      expect(asOf.events).toBe(index + 2); // the scheduling and each step's event
    }
    // Before the game existed there is nothing; the replay steps name the events around the moment.
    const before = (await clients.admin.get(`/api/admin/as-of?stream=game-${replayId}&at=2020-01-01T00:00:00Z`))
      .json as AsOfAnswer;
    expect(before).toMatchObject({ events: 0, state: { status: 'none' }, before: [] });
    expect(before.after.map((event) => event.type)).toEqual([
      'GameScheduled',
      'PlayerJoined',
      'PlayerMoved',
      'PlayerJoined',
      'PlayersSwitched',
    ]);
    expect((await clients.player.get(`/api/admin/as-of?stream=game-${replayId}&at=2020-01-01T00:00:00Z`)).status).toBe(
      403,
    );
    expect((await clients.admin.get('/api/admin/as-of?stream=game-nope&at=2020-01-01T00:00:00Z')).status).toBe(404);
    expect((await clients.admin.get(`/api/admin/as-of?stream=game-${replayId}&at=soon`)).text).toContain(
      'at must be a date and time',
    );
  });

  it('never sends a secret: keys named like a secret, password, token, card or cvc are redacted wherever they are', async () => {
    const everything = await history('?limit=200');
    const text = JSON.stringify(everything);
    expect(text).not.toMatch(/_secret_|password|"token"/i);
  });

  it("never sends a calendar feed's address: its id is the owner's credential", async () => {
    const { url } = (await clients.player.post(ROTATE_CALENDAR_FEED_PATH)).json as { url: string };
    const feedId = /\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    const page = await history(`?stream=user-${ids.player}&limit=200`);
    const rotated = page.events.find((event) => event.type === 'CalendarFeedRotated');
    expect(rotated?.data).toMatchObject({ feedId: '[redacted]' });
    const asOf = await clients.admin.get(`/api/admin/as-of?stream=user-${ids.player}&at=${new Date().toISOString()}`);
    expect(asOf.status).toBe(200);
    expect(JSON.stringify([page, asOf.json])).not.toContain(feedId);
  });

  it("searches only what the admin is shown: a calendar feed's id, piece by piece, finds nothing", async () => {
    const { url } = (await clients.player.post(ROTATE_CALENDAR_FEED_PATH)).json as { url: string };
    const feedId = /\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    const rotations = async (q: string) =>
      (await history(`?q=${encodeURIComponent(q)}&type=CalendarFeedRotated&limit=200`)).events.length;
    // What the admin sees of the event is found: its user.
    expect(await rotations(ids.player)).toBeGreaterThan(0);
    // What is redacted is not, in whole or in part, nor by its key's name.
    for (const q of [feedId, feedId.slice(0, 8), feedId.slice(-6)]) expect(await rotations(q), q).toBe(0);
  });

  it("shows an event stored at an older version of its schema, read through today's", async () => {
    const db = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    const userId = 'user-registered-long-ago';
    try {
      // A registration from before version 2 recorded whether the email was verified.
      await db.query(
        `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, gen_random_uuid(), 'UserRegistered', $2, $3)`,
        [
          `user-${userId}`,
          {
            userId,
            issuer: 'http://localhost/oidc',
            subject: 'old-subject',
            email: 'old@playtime.test',
            username: 'old',
            nickname: 'old',
            profilePicture: '',
            role: 'player',
          },
          { userId, correlationId: 'old-signup', causationId: null, schemaVersion: 1 },
        ],
      );
    } finally {
      await db.end();
    }
    const page = await history(`?stream=user-${userId}`);
    expect(page.events).toHaveLength(1);
    expect(page.events[0]).toMatchObject({
      type: 'UserRegistered',
      version: 1,
      summary: 'old@playtime.test signed up as player',
      data: { email: 'old@playtime.test', emailVerified: false },
    });
  });

  // Last: it fills the log with filler events.
  it('looks through a window of the log per filtered page, saying where to look on, and finds an old event that way', async () => {
    const [oldest] = (await history('?limit=200&type=GameScheduled')).events.slice(-1);
    expect(oldest).toBeTruthy();
    // Many newer events without it: more than one window's worth.
    const db = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      await db.query(
        `INSERT INTO es_events (stream_id, revision, event_id, type, data) SELECT 'filler-' || n, 0, gen_random_uuid(), 'Filler', '{}' FROM generate_series(1, $1::int) n`,
        [EVENT_SCAN_WINDOW + 1000],
      );
    } finally {
      await db.end();
    }
    const first = await history(`?q=${encodeURIComponent(oldest!.summary.split('"')[1]!)}&type=GameScheduled`);
    expect(first.events).toEqual([]);
    expect(first.next).toBeGreaterThan(oldest!.position);
    let page = first;
    const found: number[] = [];
    while (page.next !== null) {
      page = await history(
        `?q=${encodeURIComponent(oldest!.summary.split('"')[1]!)}&type=GameScheduled&before=${page.next}`,
      );
      found.push(...page.events.map((event) => event.position));
    }
    expect(found).toContain(oldest!.position);
    // A stream's own events come by its index, however far back.
    expect(
      (await history(`?stream=${encodeURIComponent(oldest!.stream)}`)).events.map((event) => event.position),
    ).toContain(oldest!.position);
  });
});

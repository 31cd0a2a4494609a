import { createServer, type Server } from 'node:http';
import express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXT_SCAN_WINDOW, type EventHistoryPage } from '@playtime/shared/contract/audit';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { eventStoreMigrations } from '@playtime/shared/infra/eventstore/postgres/schema';
import { createTestDatabase } from '../../../tests/support/postgres';
import { redactedTextSql } from './redaction';
import { auditQueryRoutes } from './routes';

/**
 * The history's free text reads the events' folded text (es_events_text) instead of turning each event
 * of its window into text. It must find exactly what the scan of the window found before: the same
 * events, pages and `next`, over a log longer than a window, for words of every sort.
 */
describe('the event history: free text over the folded text of the log', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let server: Server;
  let url: string;

  const joined = (n: number, username: string) => ({
    gameId: `g${n % 7}`,
    playerId: `user-${n % 13}`,
    username,
    paymentId: null,
    at: '2026-11-01T18:00:00.000Z',
  });

  beforeAll(async () => {
    database = await createTestDatabase('freetext');
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    // Events written before the folded text existed are folded by its migration.
    await migrate(pool, 'eventstore', eventStoreMigrations.slice(0, 4));
    await pool.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
       VALUES ('game-old', 0, gen_random_uuid(), 'PlayerJoined', $1, '{"userId": "user-1", "schemaVersion": 1}')`,
      [joined(0, 'Written Before The Fold')],
    );
    store = await PostgresEventStore.connect(database.url, { pool });
    await pool.query(`CREATE SCHEMA read; CREATE TABLE read.users (user_id text PRIMARY KEY, email text NOT NULL)`);
    await pool.query(
      `INSERT INTO read.users SELECT 'user-' || n, 'user' || n || '@playtime.test' FROM generate_series(0, 12) n`,
    );

    // More than a window of events: a statement of many rows, as a batch or a migration writes them...
    await pool.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
       SELECT 'game-g' || n, n, gen_random_uuid(), 'PlayerJoined',
              jsonb_build_object('gameId', 'g' || (n % 7), 'playerId', 'user-' || (n % 13), 'username', 'Player' || (n % 500),
                                 'paymentId', NULL, 'at', '2026-11-01T18:00:00.000Z'),
              jsonb_build_object('userId', 'user-' || (n % 13), 'schemaVersion', 1)
         FROM generate_series(1, $1::int) n`,
      [EVENT_TEXT_SCAN_WINDOW + 5_000],
    );
    // ...and appends through the store, alone and several in one, with words of every sort.
    const names = [
      'Zoë Quirk',
      "O'Brien 50% _off_",
      'back\\slash "quoted"',
      'ÉTOILE Park',
      'Written After',
      'MiXeD CaSe',
    ];
    for (const [i, name] of names.entries())
      await store.appendToStream(`game-words-${i}`, [{ type: 'PlayerJoined', data: joined(i, name) }], {
        expectedRevision: 'no_stream',
      });
    await store.appendToStream(
      'user-u1',
      [
        { type: 'CalendarFeedRotated', data: { userId: 'user-1', feedId: 'SeCrEtFeed123' } },
        { type: 'CalendarFeedRotated', data: { userId: 'user-2', feedId: 'another-Secret' } },
      ],
      { expectedRevision: 'no_stream' },
    );

    const app = express();
    app.use(auditQueryRoutes({ pool, resolveUser: async () => ({ userId: 'user-0', role: 'admin' }) as never }));
    app.use(((error, _req, res, _next) => {
      res.status(500).json({ error: String(error) });
    }) as express.ErrorRequestHandler);
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);

  afterAll(async () => {
    server?.close();
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('keeps the folded text of every event, however it was written', async () => {
    const { rows } = await pool.query<{ missing: string; wrong: string; events: string }>(
      `SELECT count(*) FILTER (WHERE t.global_position IS NULL) AS missing,
              count(*) FILTER (WHERE t.folded IS DISTINCT FROM lower(e.data::text COLLATE "C")) AS wrong,
              count(*) AS events
         FROM es_events e FULL JOIN es_events_text t USING (global_position)`,
    );
    expect({
      missing: Number(rows[0]!.missing),
      wrong: Number(rows[0]!.wrong),
      events: Number(rows[0]!.events),
    }).toEqual({
      missing: 0,
      wrong: 0,
      events: 1 + EVENT_TEXT_SCAN_WINDOW + 5_000 + 6 + 2,
    });
  });

  /** The history's page through its route, as the admin's screen asks for it. */
  async function history(
    q: string,
    limit: number,
    before?: number,
  ): Promise<{ positions: number[]; next: number | null }> {
    const response = await fetch(
      `${url}/api/admin/events?limit=${limit}&q=${encodeURIComponent(q)}${before === undefined ? '' : `&before=${before}`}`,
      { headers: { authorization: 'Bearer admin' } },
    );
    const page = (await response.json()) as EventHistoryPage;
    expect(response.status, JSON.stringify(page)).toBe(200);
    return { positions: page.events.map((event) => event.position), next: page.next };
  }

  /** The page the history gave before es_events_text: the window's events whose text (and redacted text) match. */
  async function pageBefore(
    q: string,
    limit: number,
    before?: number,
  ): Promise<{ positions: number[]; next: number | null }> {
    const top =
      before ??
      Number((await pool.query<{ head: string }>('SELECT max(global_position) AS head FROM es_events')).rows[0]!.head) +
        1;
    const windowStart = Math.max(0, top - EVENT_TEXT_SCAN_WINDOW);
    const collation = /^[\x20-\x7e]*$/.test(q) ? ' COLLATE "C"' : '';
    const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const { rows } = await pool.query<{ global_position: string }>(
      `SELECT global_position FROM es_events e
        WHERE e.global_position < $1 AND e.global_position >= $2
          AND e.data::text${collation} ILIKE $3 AND ${redactedTextSql('e.data')}${collation} ILIKE $3
        ORDER BY e.global_position DESC LIMIT $4`,
      [top, windowStart, pattern, limit + 1],
    );
    const positions = rows.slice(0, limit).map((row) => Number(row.global_position));
    return {
      positions,
      next: rows.length > limit ? positions.at(-1)! : windowStart > 1 ? windowStart : null,
    };
  }

  it.each([
    'Zoë',
    'zoË quirk',
    'QUIRK',
    "o'brien 50%",
    '50% _off_',
    '_',
    '%',
    'back\\slash',
    '\\"quoted\\"',
    '"username": "mixed',
    'mixed case',
    'étoile',
    'ÉTOILE',
    'written before the fold',
    'written after',
    'player49',
    'PLAYER1',
    'user-1',
    'g6',
    'paymentid',
    'secretfeed',
    'SECRET',
    'feedid',
    '[redacted]',
    'calendar',
    'nothing like this',
  ])('finds what the scan of the window found: %s', async (q) => {
    // Up to four pages from the newest, each from the last one's `next`, then a page deep in the log.
    let before: number | undefined;
    for (const limit of [3, 50, 200, 7]) {
      const page = await history(q, limit, before);
      expect(page, `${q} before ${before}`).toEqual(await pageBefore(q, limit, before));
      if (page.next === null) break;
      before = page.next;
    }
    expect(await history(q, 20, 3000)).toEqual(await pageBefore(q, 20, 3000));
  });

  it('empties the folded text with the log', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('TRUNCATE es_events, es_streams');
      expect((await client.query('SELECT 1 FROM es_events_text')).rowCount).toBe(0);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  });
});

/**
 * The admin's event history over a large log: GET /api/admin/events, served by the read API's own
 * route in this process, over an event store seeded with millions of events of the product's shapes
 * (joins and moves in 100,000 games, payments with fees, rare refunds, partner applications).
 */
import { createServer, type Server } from 'node:http';
import express from 'express';
import type pg from 'pg';
import { auditQueryRoutes } from '@playtime/read-api/audit/routes';
import { usersProjection } from '@playtime/projector/users/users-projection';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { createPool } from '@playtime/shared/infra/db/pool';
import { eventStoreMigrations } from '@playtime/shared/infra/eventstore/postgres/schema';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import { fmtInt, fmtMs, fmtSeconds, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { nowMs } from '../support/timing';

const TARGET_P95_MS = 50;
const QUERIES = 200;
const GAMES = 100_000;
const USERS = 5_000;

/**
 * Every event's type, stream and data from its number n: 35% joins and 35% moves (game streams), 15%
 * payments and 10% fees (payment streams), 4% partner applications, 1% refunds. Data fits each
 * type's schema, so the route parses and summarizes them as it does real ones.
 */
const SEED_SQL = `
  INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata, created_at)
  SELECT stream_id, n, gen_random_uuid(), type, data,
         jsonb_build_object('userId', 'user-' || (n % ${USERS}), 'correlationId', 'cmd-' || (n / 3), 'causationId', NULL, 'schemaVersion', 1),
         now() - make_interval(secs => ($2::bigint - n) * 0.5)
    FROM (
      SELECT n, bucket,
             CASE WHEN bucket < 70 THEN 'game-g' || (n % ${GAMES})
                  WHEN bucket < 95 OR bucket = 99 THEN 'ledger-payment-pi_' || (n / 4)
                  ELSE 'partner-application-a' || n END AS stream_id,
             CASE WHEN bucket < 35 THEN 'PlayerJoined' WHEN bucket < 70 THEN 'PlayerMoved' WHEN bucket < 85 THEN 'PaymentReceived'
                  WHEN bucket < 95 THEN 'FeeCharged' WHEN bucket < 99 THEN 'PartnerApplicationSubmitted' ELSE 'RefundIssued' END AS type,
             CASE WHEN bucket < 35 THEN jsonb_build_object('gameId', 'g' || (n % ${GAMES}), 'playerId', 'user-' || (n % ${USERS}), 'username', 'player' || (n % ${USERS}), 'paymentId', NULL, 'at', '2026-11-01T18:00:00.000Z')
                  WHEN bucket < 70 THEN jsonb_build_object('gameId', 'g' || (n % ${GAMES}), 'playerId', 'user-' || (n % ${USERS}), 'from', 0, 'to', 1, 'movedBy', 'user-' || (n % ${USERS}), 'at', '2026-11-01T18:00:00.000Z', 'playedSeconds', 0)
                  WHEN bucket < 85 THEN jsonb_build_object('paymentId', 'pi_' || (n / 4), 'receiverId', 'user-' || (n % 97), 'payerId', 'user-' || (n % ${USERS}), 'amountCents', 750, 'currency', 'usd', 'purpose', jsonb_build_object('kind', 'entry', 'gameId', 'g' || (n % ${GAMES})))
                  WHEN bucket < 95 THEN jsonb_build_object('paymentId', 'pi_' || (n / 4), 'receiverId', 'user-' || (n % 97), 'amountCents', 52)
                  WHEN bucket < 99 THEN jsonb_build_object('applicationId', 'a' || n, 'submittedAt', '2026-11-01T18:00:00.000Z', 'applicantId', NULL, 'contactName', 'Applicant ' || n,
                                                           'email', 'applicant' || n || '@fields.test', 'phone', '(212) 555-0100', 'fieldName', 'Field ' || n, 'address', n || ' Main St',
                                                           'zipCode', '10001', 'city', 'New York', 'subFields', 2, 'message', '')
                  ELSE jsonb_build_object('paymentId', 'pi_' || (n / 4), 'refundId', 're_' || n, 'receiverId', 'user-' || (n % 97), 'payerId', 'user-' || (n % ${USERS}), 'amountCents', 750) END AS data
        FROM (SELECT n, (n * 7919) % 100 AS bucket FROM generate_series($1::bigint, $2::bigint) AS n) numbered
    ) events`;

interface QueryResult {
  name: string;
  query: string;
  p50Ms: number;
  p95Ms: number;
  meanEvents: number;
}

export interface HistoryData {
  events: number;
  seedMs: number;
  tableSize: string;
  /** es_events_text: each event's folded text, which the free text walks (event store migration 5). */
  foldedTextSize: string;
  results: QueryResult[];
}

export async function seed(pool: pg.Pool, events: number, log: (line: string) => void): Promise<number> {
  const started = nowMs();
  await migrate(pool, 'eventstore', eventStoreMigrations);
  await migrate(pool, 'projections', projectionMigrations);
  const client = await pool.connect();
  try {
    // The users the summaries and the actor column name, as the users read model holds them.
    await client.query('SET search_path TO read, public');
    await client.query(usersProjection.schemaSql);
    await client.query(
      `INSERT INTO users (user_id, issuer, subject, email, username, role, registered_at)
       SELECT 'user-' || n, 'bench', 'user-' || n, 'user' || n || '@playtime.test', 'player' || n, 'player', now() FROM generate_series(0, ${USERS - 1}) n`,
    );
  } finally {
    client.release();
  }
  const chunk = 500_000;
  for (let from = 1; from <= events; from += chunk) {
    await pool.query(SEED_SQL, [from, Math.min(events, from + chunk - 1)]);
    log(`  ${fmtInt(Math.min(events, from + chunk - 1))} events`);
  }
  await pool.query('VACUUM ANALYZE es_events');
  return nowMs() - started;
}

async function serve(pool: pg.Pool): Promise<{ url: string; server: Server }> {
  const app = express();
  // Every request is the admin's: the route's own role check passes as it does for a signed-in admin.
  app.use(auditQueryRoutes({ pool, resolveUser: async () => ({ userId: 'user-1', role: 'admin' }) as never }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

export const historySection: BenchSection = {
  id: 'history',
  title: 'Admin event history over a large log',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const events = context.config.historyEvents;
    const database = await createDatabase(context.serverUrl, 'history');
    const pool = createPool(database.url, { max: 4, applicationName: 'playtime-bench-history' });
    const { url, server } = await serve(pool);
    try {
      context.log(`history: seeding ${fmtInt(events)} events…`);
      const seedMs = await seed(pool, events, context.log);
      const { rows } = await pool.query<{ size: string; folded: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('es_events')) AS size,
                pg_size_pretty(pg_total_relation_size('es_events_text')) AS folded`,
      );
      const time = async (name: string, queryOf: (i: number) => string): Promise<QueryResult> => {
        const latencies: number[] = [];
        let found = 0;
        for (let i = 0; i < QUERIES + 10; i++) {
          const started = nowMs();
          const response = await fetch(`${url}/api/admin/events${queryOf(i)}`, {
            headers: { authorization: 'Bearer bench' },
          });
          const page = (await response.json()) as { events: unknown[] };
          if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(page)}`);
          // The first ten warm the caches, as a running service has them.
          if (i >= 10) {
            latencies.push(nowMs() - started);
            found += page.events.length;
          }
        }
        latencies.sort((a, b) => a - b);
        const result = {
          name,
          query: queryOf(0),
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          meanEvents: found / QUERIES,
        };
        context.log(`  ${name}: p95 ${fmtMs(result.p95Ms)}`);
        return result;
      };
      const results = [
        await time('first page', () => '?limit=50'),
        await time(
          'a page deep in the log',
          (i) => `?limit=50&before=${Math.floor(events / 2) - (i % 100) * Math.floor(events / 500)}`,
        ),
        await time('filtered: one type (moves, 35%)', () => '?limit=50&type=PlayerMoved'),
        await time('filtered: a rare type (refunds, 1%)', () => '?limit=50&type=RefundIssued'),
        await time('filtered: about payments', () => '?limit=50&kind=payment'),
        await time('filtered: one actor (1 in 5,000)', (i) => `?limit=50&actor=user-${i % USERS}`),
        await time('filtered: one game', (i) => `?limit=50&stream=game-g${(i * 37) % GAMES}`),
        await time(
          'filtered: the last hour',
          () => `?limit=50&from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
        ),
        // Free text matches inside the data: a page looks through one window of the log (EVENT_TEXT_SCAN_WINDOW) and says where to go on.
        await time(
          'filtered: text inside events (a page = one window)',
          (i) => `?limit=50&q=${encodeURIComponent(`Applicant ${4_000_000 + i}`)}`,
        ),
      ];
      const data: HistoryData = { events, seedMs, tableSize: rows[0]!.size, foldedTextSize: rows[0]!.folded, results };
      return {
        markdown: [
          markdownTable(
            ['page', 'query', 'p50', 'p95', 'events (mean)'],
            results.map((result) => [
              result.name,
              `\`${result.query}\``,
              fmtMs(result.p50Ms),
              fmtMs(result.p95Ms),
              fmtInt(result.meanEvents),
            ]),
          ),
          `${fmtInt(events)} events (${data.tableSize} with indexes, and ${data.foldedTextSize} of their folded text for the free text; ` +
            `seeded in ${fmtSeconds(seedMs)}); ${QUERIES} requests per row after 10 to warm up, one at a time, ` +
            "through the read API's route (SQL, parsing each event against its schema, summaries, JSON) over HTTP on loopback.",
        ].join('\n\n'),
        data,
        targets: [
          {
            name: `history first page over ${fmtInt(events)} events`,
            required: `p95 < ${TARGET_P95_MS} ms`,
            measured: fmtMs(results[0]!.p95Ms),
            pass: results[0]!.p95Ms < TARGET_P95_MS,
          },
          ...results.slice(2).map((result) => ({
            name: `history ${result.name}`,
            required: `p95 < ${TARGET_P95_MS} ms`,
            measured: fmtMs(result.p95Ms),
            pass: result.p95Ms < TARGET_P95_MS,
          })),
        ],
      };
    } finally {
      server.close();
      await pool.end();
      await database.drop();
    }
  },
};

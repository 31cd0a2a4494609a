import pino from 'pino';
import type pg from 'pg';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { createProjector, type Projector } from '@playtime/projector/runtime/projector';
import { silentAnnouncer } from '@playtime/projector/runtime/projection';
import { streamTotalsProjection } from '@playtime/projector/runtime/testing/stream-totals-projection';
import { fmtInt, fmtSeconds, markdownTable } from '../support/format';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { nowMs, pollUntil } from '../support/timing';
import { seedEvents, type SeedResult } from './seed';

const PROJECTION = 'stream_totals';
const TARGET_EVENTS_PER_SECOND = 20_000;
const POLL_MS = 20;
const TIMEOUT_MS = 15 * 60_000;

interface PhaseResult {
  ms: number;
  eventsPerSecond: number;
  verified: boolean;
}

export interface CatchupData {
  seed: SeedResult;
  catchup: PhaseResult;
  rebuild: PhaseResult;
  batchSize: number;
  rebuildBatchSize: number;
}

async function eventsDone(pool: pg.Pool, generation: number): Promise<number> {
  const { rows } = await pool.query<{ events_done: number }>(
    'SELECT events_done FROM projection_checkpoints WHERE name = $1 AND generation = $2',
    [PROJECTION, generation],
  );
  return Number(rows[0]?.events_done ?? 0);
}

/** The read model holds every event exactly once: counts and the sum of `n` (1..events) match. */
async function readModelComplete(pool: pg.Pool, events: number): Promise<boolean> {
  const { rows } = await pool.query<{ events: string | null; total: string | null }>(
    'SELECT sum(events)::text AS events, sum(total)::text AS total FROM read.stream_totals',
  );
  return Number(rows[0]?.events ?? 0) === events && Number(rows[0]?.total ?? 0) === (events * (events + 1)) / 2;
}

async function timeCatchup(projector: Projector, pool: pg.Pool, events: number): Promise<PhaseResult> {
  const started = nowMs();
  await projector.start();
  await pollUntil(async () => (await eventsDone(pool, 1)) >= events, {
    intervalMs: POLL_MS,
    timeoutMs: TIMEOUT_MS,
    what: 'catch-up',
  });
  const ms = nowMs() - started;
  return { ms, eventsPerSecond: events / (ms / 1000), verified: await readModelComplete(pool, events) };
}

async function timeRebuild(projector: Projector, pool: pg.Pool, events: number): Promise<PhaseResult> {
  const started = nowMs();
  projector.rebuild(PROJECTION);
  await pollUntil(
    async () => {
      const progress = await projector.rebuildProgress(PROJECTION);
      return progress !== null && progress.generation > 1 && progress.status === 'switched';
    },
    { intervalMs: POLL_MS, timeoutMs: TIMEOUT_MS, what: 'rebuild switch-over' },
  );
  const ms = nowMs() - started;
  return { ms, eventsPerSecond: events / (ms / 1000), verified: await readModelComplete(pool, events) };
}

function markdown(data: CatchupData): string {
  const row = (phase: string, result: { ms: number; eventsPerSecond: number }, note: string) => [
    phase,
    fmtInt(data.seed.events),
    fmtSeconds(result.ms),
    fmtInt(result.eventsPerSecond),
    note,
  ];
  const verified = (ok: boolean) => (ok ? 'read model verified' : 'READ MODEL WRONG');
  return [
    markdownTable(
      ['phase', 'events', 'time', 'events/s', 'notes'],
      [
        row(
          'seed (our store, multi-event appends)',
          data.seed,
          `${data.seed.eventsPerAppend} events per append, ${data.seed.streams} streams, 8 seeders`,
        ),
        row(
          'catch-up from the start (live loop)',
          data.catchup,
          `batch ${data.batchSize}; ${verified(data.catchup.verified)}`,
        ),
        row(
          'rebuild (projector.rebuild → switch-over)',
          data.rebuild,
          `batch ${data.rebuildBatchSize}; ${verified(data.rebuild.verified)}`,
        ),
      ],
    ),
    'Projection: `streamTotalsProjection` (set-based: two statements per batch). Catch-up is timed from `projector.start()` ' +
      `until \`projection_checkpoints.events_done\` reaches the head (polled every ${POLL_MS} ms); rebuild from \`projector.rebuild()\` ` +
      'until the new generation has switched over. Both run in the bench process.',
  ].join('\n\n');
}

export const catchupSection: BenchSection = {
  id: 'catchup',
  title: 'Projection catch-up and rebuild',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const events = context.config.catchupEvents;
    const database = await createDatabase(context.serverUrl, 'catchup');
    const pool = createPool(database.url, { max: 10, applicationName: 'playtime-bench-projector' });
    const store = await PostgresEventStore.connect(database.url);
    try {
      context.log(`catch-up: seeding ${fmtInt(events)} events…`);
      const seed = await seedEvents(store, { events, streams: 1000, eventsPerAppend: 50, seeders: 8 });
      context.log(`  seeded in ${fmtSeconds(seed.ms)} (${fmtInt(seed.eventsPerSecond)} events/s)`);

      const batchSize = 500;
      const rebuildBatchSize = 2000;
      const projector = createProjector({
        store,
        pool,
        connectionString: database.url,
        projections: [streamTotalsProjection()],
        announcer: silentAnnouncer,
        logger: pino({ level: 'silent' }),
        batchSize,
        rebuildBatchSize,
      });
      let catchup: PhaseResult;
      let rebuild: PhaseResult;
      try {
        context.log('catch-up: projecting from the start…');
        catchup = await timeCatchup(projector, pool, events);
        context.log(`  caught up in ${fmtSeconds(catchup.ms)} (${fmtInt(catchup.eventsPerSecond)} events/s)`);
        context.log('catch-up: rebuilding…');
        rebuild = await timeRebuild(projector, pool, events);
        context.log(`  rebuilt in ${fmtSeconds(rebuild.ms)} (${fmtInt(rebuild.eventsPerSecond)} events/s)`);
      } finally {
        await projector.stop();
      }

      const data: CatchupData = { seed, catchup, rebuild, batchSize, rebuildBatchSize };
      return {
        markdown: markdown(data),
        data,
        targets: [
          {
            name: `projection catch-up over ${fmtInt(events)} events`,
            required: `≥ ${fmtInt(TARGET_EVENTS_PER_SECOND)} events/s`,
            measured: `${fmtInt(catchup.eventsPerSecond)} events/s${catchup.verified ? '' : ' (read model wrong!)'}`,
            pass: catchup.verified && catchup.eventsPerSecond >= TARGET_EVENTS_PER_SECOND,
          },
        ],
      };
    } finally {
      await store.close();
      await pool.end();
      await database.drop();
    }
  },
};

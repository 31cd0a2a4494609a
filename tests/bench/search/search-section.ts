import type pg from 'pg';
import { MILES_TO_KM } from '@playtime/shared/contract/games';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { createPool } from '@playtime/shared/infra/db/pool';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import { gamesProjection } from '@playtime/projector/games/games-projection';
import { SEARCH_GAMES_SQL } from '@playtime/read-api/games/routes';
import { fmtInt, fmtMs, fmtRatio, fmtSeconds, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { nowMs } from '../support/timing';

const TARGET_P95_MS = 20;
const TARGET_SPEEDUP = 100;
const RADII_MILES = [10, 50, 100];
/** The continental US, where the games are spread and the searches are made. */
const US = { south: 25, north: 49, west: -124, east: -67 };

/**
 * The same search without the index: every game's haversine distance from the origin, computed row
 * by row (what a search without cube/earthdistance would run).
 */
const FULL_SCAN_SQL = `
  SELECT g.game_id FROM read.games g
   WHERE g.status = 'scheduled' AND g.end_date > now()
     AND 2 * 6371000 * asin(sqrt(
           power(sin(radians(g.latitude - $1) / 2), 2) +
           cos(radians($1)) * cos(radians(g.latitude)) * power(sin(radians(g.longitude - $2) / 2), 2))) <= $3
   ORDER BY g.start_date, g.game_id
   LIMIT 200`;

interface RadiusResult {
  miles: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  meanResults: number;
}

export interface SearchData {
  games: number;
  seedMs: number;
  indexed: RadiusResult[];
  fullScan: { miles: number; queries: number; p50Ms: number };
  speedup: number;
}

/** A seeded pseudo-random sequence, so every run searches the same places. */
function randomPoints(count: number, seed: number): Array<[number, number]> {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => [
    US.south + next() * (US.north - US.south),
    US.west + next() * (US.east - US.west),
  ]);
}

/** The games read model's own tables (its schemaSql) under `read`, filled with games spread over the US. */
async function seedGames(pool: pg.Pool, games: number): Promise<number> {
  const started = nowMs();
  const client = await pool.connect();
  try {
    await migrate(pool, 'projections', projectionMigrations);
    await client.query('SET search_path TO read, public');
    await client.query(gamesProjection.schemaSql);
    await client.query(
      `INSERT INTO games (game_id, name, organizer_id, organizer_username, field_id, field_name, owner_id, sub_field_id, sub_field_name,
                          location, latitude, longitude, place, start_date, end_date, max_players, price_cents, picture, cancellation_window_hours)
       SELECT 'g' || n, 'Game ' || n, 'captain', 'captain', 'f' || (n % 50000), 'Field', 'owner', 's' || (n % 100000), 'Pitch A',
              'Somewhere', lat, lng, public.ll_to_earth(lat, lng)::public.cube,
              now() + (n % 720) * interval '1 hour', now() + (n % 720) * interval '1 hour' + interval '90 minutes', 22, (n % 3) * 500, '', 24
         FROM (SELECT n, $1::float8 + random() * ($2::float8 - $1::float8) AS lat, $3::float8 + random() * ($4::float8 - $3::float8) AS lng
                 FROM generate_series(1, $5::integer) AS n) spread`,
      [US.south, US.north, US.west, US.east, games],
    );
    await client.query('ANALYZE games');
  } finally {
    client.release();
  }
  return nowMs() - started;
}

async function timeQueries(
  pool: pg.Pool,
  sql: string,
  points: Array<[number, number]>,
  metres: number,
): Promise<{ latencies: number[]; results: number }> {
  const latencies: number[] = [];
  let results = 0;
  for (const [latitude, longitude] of points) {
    const started = nowMs();
    const { rowCount } = await pool.query(sql, [latitude, longitude, metres]);
    latencies.push(nowMs() - started);
    results += rowCount ?? 0;
  }
  return { latencies: latencies.sort((a, b) => a - b), results };
}

function markdown(data: SearchData): string {
  return [
    markdownTable(
      ['search', 'radius', 'queries', 'p50', 'p95', 'games found (mean)'],
      [
        ...data.indexed.map((row) => [
          "indexed (the API's statement)",
          `${row.miles} mi`,
          fmtInt(row.queries),
          fmtMs(row.p50Ms),
          fmtMs(row.p95Ms),
          fmtInt(row.meanResults),
        ]),
        [
          'full-scan haversine',
          `${data.fullScan.miles} mi`,
          fmtInt(data.fullScan.queries),
          fmtMs(data.fullScan.p50Ms),
          '',
          '',
        ],
      ],
    ),
    `${fmtInt(data.games)} games spread evenly over the continental US (seeded in ${fmtSeconds(data.seedMs)}), starting over the next 30 days; ` +
      'searches from seeded random places in the same area, one at a time over one connection. The indexed search is `SEARCH_GAMES_SQL` of ' +
      'read-api/src/games/routes.ts (GiST on (place, end_date), nearest first, then the distance); the full scan computes the haversine distance of every row.',
  ].join('\n\n');
}

export const searchSection: BenchSection = {
  id: 'search',
  title: 'Game search by distance',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const games = context.config.searchGames;
    const database = await createDatabase(context.serverUrl, 'search');
    const pool = createPool(database.url, { max: 2, applicationName: 'playtime-bench-search' });
    try {
      context.log(`search: seeding ${fmtInt(games)} games…`);
      const seedMs = await seedGames(pool, games);
      context.log(`  seeded in ${fmtSeconds(seedMs)}`);
      // Warm the caches the way a running service has them.
      await timeQueries(pool, SEARCH_GAMES_SQL, randomPoints(50, 7), 100 * MILES_TO_KM * 1000);

      const indexed: RadiusResult[] = [];
      for (const miles of RADII_MILES) {
        const points = randomPoints(200, miles);
        const { latencies, results } = await timeQueries(pool, SEARCH_GAMES_SQL, points, miles * MILES_TO_KM * 1000);
        indexed.push({
          miles,
          queries: points.length,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          meanResults: results / points.length,
        });
        context.log(`  ${miles} mi: p95 ${fmtMs(percentile(latencies, 95))}`);
      }
      const scanPoints = randomPoints(5, 99);
      const scan = await timeQueries(pool, FULL_SCAN_SQL, scanPoints, 10 * MILES_TO_KM * 1000);
      const scanP50 = percentile(scan.latencies, 50);
      const indexedP50At10 = indexed[0]!.p50Ms;
      const data: SearchData = {
        games,
        seedMs,
        indexed,
        fullScan: { miles: 10, queries: scanPoints.length, p50Ms: scanP50 },
        speedup: scanP50 / indexedP50At10,
      };
      context.log(`  full scan p50 ${fmtMs(scanP50)} (${fmtRatio(data.speedup)} slower)`);
      return {
        markdown: markdown(data),
        data,
        targets: [
          ...indexed.map((row) => ({
            name: `search p95 over ${fmtInt(games)} games, ${row.miles} miles`,
            required: `< ${TARGET_P95_MS} ms`,
            measured: fmtMs(row.p95Ms),
            pass: row.p95Ms < TARGET_P95_MS,
          })),
          {
            name: 'indexed search vs full-scan haversine (10 miles, p50)',
            required: `≥ ${TARGET_SPEEDUP}× faster`,
            measured: `${fmtRatio(data.speedup)}`,
            pass: data.speedup >= TARGET_SPEEDUP,
          },
        ],
      };
    } finally {
      await pool.end();
      await database.drop();
    }
  },
};

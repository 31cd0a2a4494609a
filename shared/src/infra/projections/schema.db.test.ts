import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { migrate } from '../db/migrations';
import { createPool } from '../db/pool';
import { projectionMigrations } from './schema';

/** The read models as the projector built them before migration 5: field_schedules, and captain_id in bookings and holds. */
const BEFORE_THE_RENAME = `
  CREATE SCHEMA proj_field_schedules_g2;
  CREATE TABLE proj_field_schedules_g2.field_schedules (
    field_schedule_id text PRIMARY KEY, sub_field_id text NOT NULL, field_id text NOT NULL, owner_id text NOT NULL,
    start_date timestamptz NOT NULL, end_date timestamptz NOT NULL
  );
  CREATE INDEX field_schedules_of_sub_field ON proj_field_schedules_g2.field_schedules (sub_field_id, start_date);
  CREATE INDEX field_schedules_of_field ON proj_field_schedules_g2.field_schedules (field_id, start_date);
  INSERT INTO proj_field_schedules_g2.field_schedules VALUES ('w1', 'sf', 'f', 'o', '2026-11-22T18:00Z', '2026-11-22T20:00Z');
  CREATE VIEW read.field_schedules AS SELECT * FROM proj_field_schedules_g2.field_schedules;
  INSERT INTO projection_state (name, active_generation) VALUES ('field_schedules', 2);
  INSERT INTO projection_checkpoints (name, generation, version, commit_id, position) VALUES ('field_schedules', 2, 2, 7, 3);

  CREATE SCHEMA proj_bookings_g1;
  CREATE TABLE proj_bookings_g1.bookings (game_id text PRIMARY KEY, captain_id text NOT NULL);
  CREATE TABLE proj_bookings_g1.holds (hold_id text PRIMARY KEY, captain_id text NOT NULL);
  INSERT INTO proj_bookings_g1.bookings VALUES ('g1', 'cap-1');
  INSERT INTO proj_bookings_g1.holds VALUES ('h1', 'cap-1');
  CREATE VIEW read.bookings AS SELECT * FROM proj_bookings_g1.bookings;
  CREATE VIEW read.holds AS SELECT * FROM proj_bookings_g1.holds;
  INSERT INTO projection_state (name, active_generation) VALUES ('bookings', 1);
  INSERT INTO projection_checkpoints (name, generation, version, commit_id, position) VALUES ('bookings', 1, 1, 7, 3);
`;

describe("the projections' migrations (real PostgreSQL)", () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('projection_migrations');
    pool = createPool(database.url, { max: 2 });
    await migrate(
      pool,
      'projections',
      projectionMigrations.filter((migration) => migration.version < 5),
    );
    await pool.query(BEFORE_THE_RENAME);
    await migrate(pool, 'projections', projectionMigrations);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it("renames the availability windows' read model in place, keeping its rows and its place in the log", async () => {
    expect((await pool.query('SELECT window_id, sub_field_id FROM read.availability_windows')).rows).toEqual([
      { window_id: 'w1', sub_field_id: 'sf' },
    ]);
    expect((await pool.query(`SELECT to_regclass('read.field_schedules') AS old`)).rows[0].old).toBeNull();
    expect(
      (
        await pool.query(
          `SELECT name, generation, commit_id::int, position::int FROM projection_checkpoints ORDER BY name`,
        )
      ).rows,
    ).toEqual([
      { name: 'availability_windows', generation: 2, commit_id: 7, position: 3 },
      { name: 'bookings', generation: 1, commit_id: 7, position: 3 },
    ]);
    expect(
      (await pool.query(`SELECT active_generation FROM projection_state WHERE name = 'availability_windows'`)).rows,
    ).toEqual([{ active_generation: 2 }]);
  });

  it('renames captain_id to organizer_id in bookings and holds, keeping their rows', async () => {
    expect((await pool.query('SELECT game_id, organizer_id FROM read.bookings')).rows).toEqual([
      { game_id: 'g1', organizer_id: 'cap-1' },
    ]);
    expect((await pool.query('SELECT hold_id, organizer_id FROM read.holds')).rows).toEqual([
      { hold_id: 'h1', organizer_id: 'cap-1' },
    ]);
  });
});

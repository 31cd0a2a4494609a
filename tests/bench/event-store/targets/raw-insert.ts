import pg from 'pg';
import { benchEventData, prewarmPool, streamName, type AppendTarget } from '../append-target';

/** The ceiling: one single-row INSERT into a plain table, no concurrency check, no stream bookkeeping. */
export const rawInsertTarget: AppendTarget = {
  async open(url, { poolSize, streamsPerWriter }) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'playtime-bench-raw' });
    pool.on('error', () => undefined);
    await pool.query('CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
    await prewarmPool(pool, poolSize);
    return {
      writer(index) {
        let n = 0;
        return {
          async append() {
            const stream = n % streamsPerWriter;
            n += 1;
            await pool.query('INSERT INTO bench_raw (stream, data) VALUES ($1, $2)', [
              streamName(index, stream),
              JSON.stringify(benchEventData(index, n)),
            ]);
          },
        };
      },
      async countStored() {
        const { rows } = await pool.query<{ count: string }>('SELECT count(*) AS count FROM bench_raw');
        return Number(rows[0]?.count ?? 0);
      },
      close: () => pool.end(),
    };
  },
};

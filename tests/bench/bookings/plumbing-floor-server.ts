/**
 * The child process of the plumbing floor (plumbing-floor.ts): an HTTP server built as the app's is
 * (express, its JSON body parser, a pg pool on the same database socket) whose only route runs the
 * number of statements the path names, one after another, each a one-row insert committed on its own,
 * as the app's statements are. No product logic: what it costs is what any server of this shape pays.
 */
import express from 'express';
import { createPool } from '@playtime/shared/infra/db/pool';

export interface FloorServerRequest {
  databaseUrl: string;
}

export type FloorServerReply = { type: 'listening'; port: number } | { type: 'failed'; error: string };

const send = (reply: FloorServerReply) => process.send!(reply);

process.once('message', (request: FloorServerRequest) => {
  void (async () => {
    const pool = createPool(request.databaseUrl, { max: 20, applicationName: 'playtime-bench-floor' });
    await pool.query(
      'CREATE TABLE IF NOT EXISTS plumbing_floor_rows (row_id bigserial PRIMARY KEY, payload jsonb NOT NULL, written_at timestamptz NOT NULL DEFAULT now())',
    );
    const app = express();
    app.use(express.json());
    app.post('/statements/:count', async (req, res) => {
      const payload = JSON.stringify(req.body);
      for (let index = 0; index < Number(req.params.count); index++) {
        await pool.query({
          name: 'plumbing-floor-insert',
          text: 'INSERT INTO plumbing_floor_rows (payload) VALUES ($1) RETURNING row_id',
          values: [payload],
        });
      }
      res.json({ ok: true });
    });
    const server = app.listen(0, '127.0.0.1', () => {
      const address = server.address();
      send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.on('disconnect', () => {
      server.close();
      void pool.end().finally(() => process.exit(0));
    });
  })().catch((error: unknown) => send({ type: 'failed', error: String(error) }));
});

/**
 * The child process of the command path's and the fan-out's plumbing floor (fan-out-floor.ts): a
 * server built of the app's parts (express with its JSON body parser, a pg pool, socket.io on the same
 * HTTP server) and nothing else. Each POST /api/<command> is one append (one INSERT into an events
 * table, with its NOTIFY, in one transaction) answered with the event's position; a LISTEN on its own
 * connection in the same process hears each append and pushes `changed` to the room it names. No token
 * check, no decision, no read model: what it costs is what any server of this shape pays for the same
 * call, the same commit and the same sockets.
 */
import { createServer } from 'node:http';
import express from 'express';
import pg from 'pg';
import { Server } from 'socket.io';
import type { ChangedMessage, JoinAnswer } from '@playtime/shared/contract/realtime';
import { REALTIME_EVENTS } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import { formatCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { createPool } from '@playtime/shared/infra/db/pool';

export interface FanOutFloorRequest {
  databaseUrl: string;
}

export type FanOutFloorReply = { type: 'listening'; port: number } | { type: 'failed'; error: string };

const CHANNEL = 'plumbing_floor_appended';

const send = (reply: FanOutFloorReply) => process.send!(reply);

/**
 * The append: the event row and its notice commit together in one statement (one transaction). The
 * notice carries the position and the room; the position is (transaction id, sequence), as the app's.
 */
const APPEND = {
  name: 'plumbing-floor-append',
  text: `WITH appended AS (
           INSERT INTO plumbing_floor_events (room, data) VALUES ($1, $2::jsonb)
           RETURNING pg_current_xact_id()::text AS commit_id, position)
         SELECT commit_id, position, pg_notify('${CHANNEL}', commit_id || ':' || position || ' ' || $1) FROM appended`,
};

process.once('message', (request: FanOutFloorRequest) => {
  void (async () => {
    const pool = createPool(request.databaseUrl, { max: 20, applicationName: 'playtime-bench-fan-out-floor' });
    await pool.query(
      `CREATE TABLE IF NOT EXISTS plumbing_floor_events (
         position bigserial PRIMARY KEY, room text NOT NULL, data jsonb NOT NULL,
         written_at timestamptz NOT NULL DEFAULT now())`,
    );
    const app = express();
    app.use(express.json());
    const httpServer = createServer(app);
    const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });

    // A socket's token names the room it follows: a command sent with that token pushes to it, as a
    // user's edit reaches their own room in the app. A game's command names its game.
    const roomOfToken = new Map<string, string>();
    io.on('connection', (socket) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      socket.on(REALTIME_EVENTS.join, (room: unknown, ack?: (answer: JoinAnswer) => void) => {
        if (typeof room !== 'string') return ack?.({ ok: false, error: 'A room name is needed.' });
        void socket.join(room);
        if (typeof token === 'string' && token !== '') roomOfToken.set(token, room);
        ack?.({ ok: true });
      });
    });

    const listener = new pg.Client({
      connectionString: request.databaseUrl,
      application_name: 'playtime-bench-floor-listen',
    });
    await listener.connect();
    listener.on('notification', ({ payload }) => {
      if (!payload) return;
      const space = payload.indexOf(' ');
      const checkpoint = payload.slice(0, space);
      const room = payload.slice(space + 1);
      const message: ChangedMessage = { projection: 'plumbing_floor', keys: [room], checkpoint, room };
      io.to(room).emit(REALTIME_EVENTS.changed, message);
    });
    await listener.query(`LISTEN ${CHANNEL}`);

    app.post('/api/:command', (req, res, next) => {
      const body = req.body as { gameId?: unknown } | undefined;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const room = typeof body?.gameId === 'string' ? rooms.game(body.gameId) : token && roomOfToken.get(token);
      if (!room) {
        res
          .status(400)
          .json({ error: { code: 'no_room', message: 'Name a game, or follow a room with this token first.' } });
        return;
      }
      pool
        .query<{ commit_id: string; position: string }>({ ...APPEND, values: [room, JSON.stringify(body)] })
        .then(({ rows }) => {
          const appended = rows[0]!;
          res
            .set(
              'X-Playtime-Position',
              formatCheckpoint({ commit: Number(appended.commit_id), position: Number(appended.position) }),
            )
            .json({ ok: true });
        })
        .catch(next);
    });

    httpServer.listen(0, '127.0.0.1', () => {
      const address = httpServer.address();
      send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.on('disconnect', () => {
      io.close();
      void Promise.allSettled([listener.end(), pool.end()]).finally(() => process.exit(0));
    });
  })().catch((error: unknown) => send({ type: 'failed', error: String(error) }));
});

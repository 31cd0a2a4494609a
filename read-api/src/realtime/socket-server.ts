import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { Server } from 'socket.io';
import { compareCheckpoints, formatCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { CurrentUser, ResolveUser } from '@playtime/shared/infra/http/current-user';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';
import { readProjectionPositions } from '@playtime/shared/infra/projections/projection-progress';
import { mayJoinRoom } from './rooms';

export interface RealtimeDependencies {
  httpServer: HttpServer;
  resolveUser: ResolveUser;
  pool: pg.Pool;
  metrics: Metrics;
  logger: Logger;
  /** With Redis, every read-api process delivers every message (socket.io Redis adapter). */
  redisUrl?: string;
}

export interface RealtimeServer {
  io: Server;
  close(): Promise<void>;
}

/** The oldest position among the projections: everything before it is visible to readers. */
async function latestCheckpoint(pool: pg.Pool): Promise<string> {
  const positions = await readProjectionPositions(pool);
  const lowest = positions.reduce<LogCheckpoint | null>(
    (low, position) => (low === null || compareCheckpoints(position.checkpoint, low) < 0 ? position.checkpoint : low),
    null,
  );
  return formatCheckpoint(lowest ?? { commit: 0, position: 0 });
}

/**
 * socket.io in the read API. A client may authenticate on the handshake (`auth.token`); anonymous
 * clients may follow public rooms only. Each (re)connect is greeted with `hello` and the latest
 * position, so the client refetches what it shows and a missed message never leaves a stale screen.
 */
export async function createRealtimeServer(deps: RealtimeDependencies): Promise<RealtimeServer> {
  const io = new Server(deps.httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: true });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token === '') {
      socket.data.user = null;
      return next();
    }
    deps
      .resolveUser(token)
      .then((user) => {
        socket.data.user = user;
        next();
      })
      .catch((error: Error) => next(Object.assign(new Error(error.message || 'Unauthorized'), { data: { status: 401 } })));
  });

  io.on('connection', (socket) => {
    deps.metrics.sockets.inc();
    socket.on('disconnect', () => deps.metrics.sockets.dec());
    latestCheckpoint(deps.pool)
      .then((checkpoint) => socket.emit('hello', { checkpoint }))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not read positions for hello'));

    socket.on('join', (room: unknown, ack?: (answer: { ok: boolean; error?: string }) => void) => {
      const answer = typeof room === 'string' ? mayJoinRoom(room, socket.data.user as CurrentUser | null) : { ok: false as const, error: 'A room name is needed.' };
      if (answer.ok && typeof room === 'string') void socket.join(room);
      if (typeof ack === 'function') ack(answer);
    });
    socket.on('leave', (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
  });

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

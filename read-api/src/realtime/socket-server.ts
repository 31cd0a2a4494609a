import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { socketChannelOf } from '@playtime/shared/infra/runtime/deployment-namespace';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { formatCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { listenToChannel } from '@playtime/shared/infra/db/channel-listener';
import {
  currentUserFrom,
  readUserRow,
  type CurrentUser,
  type ResolveUser,
  type VerifyAccessToken,
} from '@playtime/shared/infra/http/current-user';
import type { SessionEnds } from '@playtime/shared/infra/identity/ended-sessions';
import type { Config } from '@playtime/shared/infra/config/config';
import type { ServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { USERS_CHANGED_CHANNEL } from '@playtime/shared/infra/http/current-user-cache';
import { ApiError } from '@playtime/shared/infra/http/errors';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';
import { projectionSpan } from '@playtime/shared/infra/projections/projection-progress';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import { REALTIME_EVENTS, type HelloMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { inProcessRoomWriter, type InProcessRoomWriter } from './room-writer';
import { guardedRoomRefusal } from './guarded-rooms';
import { mayFollowMore, mayJoinRoom } from './rooms';
import { parseRoom } from '@playtime/shared/contract/rooms';

export interface RealtimeDependencies {
  httpServer: HttpServer;
  resolveUser: ResolveUser;
  /**
   * Which session a socket's token belongs to, and when sessions end (logout): that session's
   * sockets are then disconnected. Without it (Auth0) a socket lives until it closes.
   */
  sessions?: { verify: VerifyAccessToken; ends: SessionEnds | null };
  pool: pg.Pool;
  /** Where the users projection announces role changes and deletions (LISTEN). */
  databaseUrl: string;
  metrics: Metrics;
  logger: Logger;
  /** With Redis, every read-api process delivers every message (socket.io Redis adapter). */
  redisUrl?: string;
}

export interface RealtimeServer {
  io: Server;
  /** Writes to this server's rooms: where the projector announces changes when it runs in this process. */
  rooms: InProcessRoomWriter;
  close(): Promise<void>;
}

/**
 * Where the read models are (the earliest and the furthest of them), read after the calls of this
 * turn of the event loop: each caller's socket had joined its room, or connected, before the read
 * began. Connects and joins arrive in bursts (a page's rooms, a reconnect), and one read serves them.
 */
function readModelSpanAfterThisTurn(
  pool: pg.Pool,
): () => Promise<{ lowest: LogCheckpoint; highest: LogCheckpoint } | null> {
  let next: Promise<{ lowest: LogCheckpoint; highest: LogCheckpoint } | null> | null = null;
  return () =>
    (next ??= new Promise((resolve) => setImmediate(resolve)).then(() => {
      next = null;
      return projectionSpan(pool, PROJECTION_NAMES);
    }));
}

/** Sent to a deleted user's sockets just before they are disconnected. */
export const ACCOUNT_REMOVED_MESSAGE = 'account_removed';
/** Sent to a socket for each room it was taken out of because its user may no longer follow it. */
export const ROOM_LEFT_MESSAGE = 'left';
/** Sent to a socket whose session was logged out, just before it is disconnected. */
export const SESSION_ENDED_MESSAGE = 'session_ended';

/**
 * socket.io in the read API. A client may authenticate on the handshake (`auth.token`); anonymous
 * clients may follow public rooms only. Each join is answered with how far the read models had got
 * once the socket was in the room, so the client refetches what it read before that (a change it may
 * have missed) and a missed message never leaves a stale screen.
 * Who a socket's user is is read afresh on every room join, and again whenever the users projection
 * announces their role changed or their account was deleted: rooms they may no longer follow are
 * left, and a deleted user's sockets are disconnected.
 */
export async function createRealtimeServer(deps: RealtimeDependencies): Promise<RealtimeServer> {
  const io = new Server(deps.httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: true });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: socketChannelOf(deps.databaseUrl) }));
  }

  /** This process's authenticated sockets by user id, and how many changes were announced per user. */
  const socketsOfUser = new Map<string, Set<Socket>>();
  /** This process's authenticated sockets by the session their token belongs to. */
  const socketsOfSession = new Map<string, Set<Socket>>();
  const readModelSpan = readModelSpanAfterThisTurn(deps.pool);
  const endedSessions = deps.sessions?.ends ?? null;
  const endSocket = (socket: Socket) => {
    socket.emit(SESSION_ENDED_MESSAGE, { message: 'You logged out of this session.' });
    socket.disconnect(true);
  };
  const stopFollowingEnds = endedSessions?.onEnded((session) => {
    for (const socket of socketsOfSession.get(session) ?? []) endSocket(socket);
  });
  const announcedChanges = new Map<string, number>();

  /** Brings a socket's user up to date: leaves the rooms they may no longer follow, or ends a deleted user's socket. */
  const applyAccess = (socket: Socket, user: CurrentUser | null): boolean => {
    if (!user) {
      socket.emit(ACCOUNT_REMOVED_MESSAGE, { message: 'Your account has been deleted.' });
      socket.disconnect(true);
      return false;
    }
    socket.data.user = user;
    for (const room of socket.rooms) {
      if (room === socket.id || mayJoinRoom(room, user).ok) continue;
      void socket.leave(room);
      socket.emit(ROOM_LEFT_MESSAGE, { room });
    }
    return true;
  };

  /** The user as read.users has them now; null when deleted (or gone). */
  const freshUser = async (userId: string): Promise<CurrentUser | null> => {
    const row = await readUserRow(deps.pool, userId);
    return row && !row.deleted ? currentUserFrom(row) : null;
  };

  const recheckUser = async (userId: string): Promise<void> => {
    const sockets = socketsOfUser.get(userId);
    if (!sockets?.size) return;
    const user = await freshUser(userId);
    for (const socket of [...sockets]) applyAccess(socket, user);
  };
  const recheckLater = (userId: string) => {
    recheckUser(userId).catch((error: unknown) =>
      deps.logger.warn({ err: error, userId }, 'could not recheck a socket user'),
    );
  };
  const recheck = (userIds: string[]) => {
    for (const userId of userIds) {
      announcedChanges.set(userId, (announcedChanges.get(userId) ?? 0) + 1);
      recheckLater(userId);
    }
  };
  let missedNotices = false;
  const usersChanged = listenToChannel(deps.databaseUrl, USERS_CHANGED_CHANNEL, {
    notice(payload) {
      let ids: unknown;
      try {
        ids = JSON.parse(payload);
      } catch {
        ids = null;
      }
      recheck(Array.isArray(ids) ? ids.map(String) : [...socketsOfUser.keys()]);
    },
    listening() {
      // Notices sent while the connection was down are lost: check every user once more.
      if (missedNotices) recheck([...socketsOfUser.keys()]);
      missedNotices = false;
    },
    lost() {
      missedNotices = true;
    },
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token === '') {
      socket.data.user = null;
      return next();
    }
    // The verifier remembers the token resolveUser just verified: asking it for the session is cheap.
    deps
      .resolveUser(token)
      .then(async (user) => [user, await deps.sessions?.verify(token)] as const)
      .then(([user, identity]) => {
        socket.data.user = user;
        socket.data.session = identity?.session;
        next();
      })
      .catch((error: Error) => {
        const status = error instanceof ApiError ? error.status : 401;
        const code = error instanceof ApiError ? error.code : 'unauthenticated';
        next(Object.assign(new Error(error.message || 'Unauthorized'), { data: { status, code } }));
      });
  });

  io.on('connection', (socket) => {
    deps.metrics.sockets.inc();
    const userId = (socket.data.user as CurrentUser | null)?.userId;
    if (userId) {
      const sockets = socketsOfUser.get(userId) ?? new Set<Socket>();
      socketsOfUser.set(userId, sockets.add(socket));
    }
    const session = socket.data.session as string | undefined;
    if (session) {
      socketsOfSession.set(session, (socketsOfSession.get(session) ?? new Set<Socket>()).add(socket));
      // A session that ended after the handshake's check but before this line was announced to nobody here.
      endedSessions?.hasEnded(session).then(
        (ended) => ended && endSocket(socket),
        () => undefined,
      );
    }
    socket.on('disconnect', () => {
      deps.metrics.sockets.dec();
      if (session) {
        const sockets = socketsOfSession.get(session);
        sockets?.delete(socket);
        if (sockets?.size === 0) socketsOfSession.delete(session);
      }
      if (!userId) return;
      const sockets = socketsOfUser.get(userId);
      sockets?.delete(socket);
      if (sockets?.size === 0) {
        socketsOfUser.delete(userId);
        announcedChanges.delete(userId);
      }
    });
    // For tabs of an earlier web app (HelloMessage): the position is the earliest any read model is at.
    readModelSpan()
      .then((span) =>
        socket.emit(REALTIME_EVENTS.hello, {
          checkpoint: formatCheckpoint(span?.lowest ?? { commit: 0, position: 0 }),
        } satisfies HelloMessage),
      )
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not read positions for hello'));

    socket.on(REALTIME_EVENTS.join, (room: unknown, ack?: (answer: JoinAnswer) => void) => {
      const answer = (result: JoinAnswer) => {
        if (typeof ack === 'function') ack(result);
      };
      if (typeof room !== 'string') return answer({ ok: false, error: 'A room name is needed.' });
      const follow = (result: JoinAnswer) => {
        const allowed = result.ok ? mayFollowMore(socket.rooms, room) : result;
        if (!allowed.ok) return answer(allowed);
        // Where the read models are once the socket is in the room: the client refetches only answers read before it.
        Promise.resolve(socket.join(room))
          .then(readModelSpan)
          .then(
            (span) => answer(span ? { ok: true, checkpoint: formatCheckpoint(span.highest) } : { ok: true }),
            (error: unknown) => {
              deps.logger.warn({ err: error, room }, 'could not read how far the read models are for a join');
              answer({ ok: true });
            },
          );
      };
      if (!userId) {
        // A guest follows public rooms (a game's page is open to anyone).
        return follow(mayJoinRoom(room, null));
      }
      const changesBefore = announcedChanges.get(userId) ?? 0;
      freshUser(userId)
        .then(async (user) => {
          if (!applyAccess(socket, user)) return answer({ ok: false, error: 'Your account has been deleted.' });
          const refusal = await guardedRoomRefusal(deps.pool, parseRoom(room), user);
          if (refusal) return answer(refusal);
          follow(mayJoinRoom(room, user));
          // A change announced while the user was being read may predate what was read: check again.
          if ((announcedChanges.get(userId) ?? 0) !== changesBefore) recheckLater(userId);
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, room }, 'could not check a room join');
          answer({ ok: false, error: 'Could not check your access right now. Please try again.' });
        });
    });
    socket.on(REALTIME_EVENTS.leave, (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
  });

  return {
    io,
    rooms: inProcessRoomWriter(io, { alone: redisClients.length === 0 }),
    async close() {
      stopFollowingEnds?.();
      await usersChanged.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** The realtime server as every entry composes it: the service's parts, its HTTP server, Redis when configured. */
export function startRealtimeServer(
  parts: ServiceParts,
  config: Pick<Config, 'REDIS_URL'>,
  deps: Pick<RealtimeDependencies, 'httpServer' | 'metrics' | 'logger'>,
): Promise<RealtimeServer> {
  return createRealtimeServer({
    ...deps,
    resolveUser: parts.resolveUser,
    sessions: { verify: parts.identity.verify, ends: parts.identity.sessions },
    pool: parts.pool,
    databaseUrl: parts.databaseUrl,
    redisUrl: config.REDIS_URL,
  });
}

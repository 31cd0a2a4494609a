import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { ApiError } from '../http/errors';
import { bearerToken } from '../identity/verify-access-token';
import type pg from 'pg';
import type { EventStore } from '../eventstore/port';
import type { Metrics } from '../metrics/metrics';
import { readProjectionPositions } from '../projections/projection-progress';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<{ ok: boolean; detail?: unknown }>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Metrics name routes, counts and lags: not for the public. A caller on this machine reads them
 * freely; anyone else needs the bearer token when one is set. Local means both the connection and
 * the client it forwards for (req.ip): a proxy on this machine forwarding a remote client is not
 * local, and neither is a peer on a private network (trusted as a proxy) claiming X-Forwarded-For
 * 127.0.0.1.
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (LOOPBACK.test(req.socket.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '')) return next();
    const given = bearerToken(req.get('authorization'));
    if (token && given && sameSecret(given, token)) return next();
    next(
      new ApiError(
        403,
        'forbidden',
        token
          ? 'Send the metrics token as a bearer token.'
          : 'Metrics are served to this machine only (set METRICS_TOKEN to scrape from elsewhere).',
      ),
    );
  };
}

/** `/healthz`: the process answers. `/readyz`: its dependencies answer too. `/metrics`: Prometheus, see metricsAccess. */
export function opsRoutes(options: {
  service: string;
  metrics: Metrics;
  checks: ReadinessCheck[];
  metricsToken?: string;
}): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: options.service });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      options.checks.map(async ({ name, check }) => {
        try {
          return { name, ...(await check()) };
        } catch (error) {
          return { name, ok: false, detail: (error as Error).message };
        }
      }),
    );
    const ready = results.every((result) => result.ok);
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', service: options.service, checks: results });
  });
  router.get('/metrics', metricsAccess(options.metricsToken), options.metrics.handler);
  return router;
}

export function databaseCheck(pool: pg.Pool): ReadinessCheck {
  return {
    name: 'database',
    check: async () => ((await pool.query('SELECT 1')).rowCount === 1 ? { ok: true } : { ok: false }),
  };
}

/**
 * Ready when every expected projection exists and, if `lagFails`, none lags the log's newest event by
 * more than `maxLagMs` (a projection with nothing left to apply never lags). Lag is always reported:
 * in the answer's detail and as metrics. A read API passes `lagFails: false`: a slow or hung projector
 * is no reason for a load balancer to pull every read API (answers then say X-Playtime-Stale instead).
 */
export function projectionsCheck(options: {
  pool: pg.Pool;
  projections: string[];
  maxLagMs: number;
  lagFails: boolean;
  store: Pick<EventStore, 'countEventsAfter'>;
  metrics: Metrics;
}): ReadinessCheck {
  return {
    name: 'projections',
    check: async () => {
      const positions = await readProjectionPositions(options.pool, options.projections);
      const detail: Record<string, { eventsBehind: number; lagMs: number; lagging: boolean }> = {};
      let ok = positions.length === options.projections.length;
      for (const position of positions) {
        const eventsBehind = await options.store.countEventsAfter(position.checkpoint);
        const lagMs = eventsBehind === 0 ? 0 : Date.now() - position.updatedAt.getTime();
        options.metrics.projectionLagEvents.set({ projection: position.name }, eventsBehind);
        const lagging = lagMs > options.maxLagMs;
        detail[position.name] = { eventsBehind, lagMs, lagging };
        if (lagging && options.lagFails) ok = false;
      }
      return { ok, detail };
    },
  };
}

/**
 * The ops routes of a process that reads projections (the read API, the projector, the standalone app):
 * ready with the database up and every projection there, and with none lagging too when `lagFails`.
 */
export function projectionOpsRoutes(options: {
  service: string;
  metrics: Metrics;
  metricsToken?: string;
  pool: pg.Pool;
  store: Pick<EventStore, 'countEventsAfter'>;
  projections: string[];
  maxLagMs: number;
  lagFails: boolean;
}): Router {
  const { service, metrics, metricsToken, pool, store, projections, maxLagMs, lagFails } = options;
  return opsRoutes({
    service,
    metrics,
    metricsToken,
    checks: [databaseCheck(pool), projectionsCheck({ pool, store, projections, maxLagMs, lagFails, metrics })],
  });
}

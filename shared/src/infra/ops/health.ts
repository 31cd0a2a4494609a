import { Router } from 'express';
import type pg from 'pg';
import type { EventStore } from '../eventstore/port';
import type { Metrics } from '../metrics/metrics';
import { readProjectionPositions } from '../projections/projection-progress';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<{ ok: boolean; detail?: unknown }>;
}

/** `/healthz`: the process answers. `/readyz`: its dependencies answer too. `/metrics`: Prometheus. */
export function opsRoutes(options: { service: string; metrics: Metrics; checks: ReadinessCheck[] }): Router {
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
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service: options.service, checks: results });
  });
  router.get('/metrics', options.metrics.handler);
  return router;
}

export function databaseCheck(pool: pg.Pool): ReadinessCheck {
  return { name: 'database', check: async () => ((await pool.query('SELECT 1')).rowCount === 1 ? { ok: true } : { ok: false }) };
}

/**
 * Ready when every expected projection exists and none lags the log's newest event by more than
 * `maxLagMs` (a projection with nothing left to apply never lags). Lag is also exported as metrics.
 */
export function projectionsCheck(options: {
  pool: pg.Pool;
  projections: string[];
  maxLagMs: number;
  store: Pick<EventStore, 'countEventsAfter'>;
  metrics: Metrics;
}): ReadinessCheck {
  return {
    name: 'projections',
    check: async () => {
      const positions = await readProjectionPositions(options.pool, options.projections);
      const detail: Record<string, { eventsBehind: number; lagMs: number }> = {};
      let ok = positions.length === options.projections.length;
      for (const position of positions) {
        const eventsBehind = await options.store.countEventsAfter(position.checkpoint);
        const lagMs = eventsBehind === 0 ? 0 : Date.now() - position.updatedAt.getTime();
        options.metrics.projectionLagEvents.set({ projection: position.name }, eventsBehind);
        detail[position.name] = { eventsBehind, lagMs };
        if (lagMs > options.maxLagMs) ok = false;
      }
      return { ok, detail };
    },
  };
}

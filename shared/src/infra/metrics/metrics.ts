import type { RequestHandler } from 'express';
import client from 'prom-client';

/** Prometheus metrics of one process; each service registers what it measures. */
export interface Metrics {
  registry: client.Registry;
  httpDuration: client.Histogram<'service' | 'method' | 'route' | 'status'>;
  commandOutcomes: client.Counter<'command' | 'outcome'>;
  projectionLagEvents: client.Gauge<'projection'>;
  projectionLagMs: client.Gauge<'projection'>;
  /** Where each projection's active generation is in the log (its checkpoint's global position). */
  projectionPosition: client.Gauge<'projection'>;
  /** A running rebuild's events done and the log's size when it started; `started` in epoch seconds. */
  projectionRebuild: client.Gauge<'projection' | 'measure'>;
  jobs: client.Gauge<'queue' | 'state'>;
  /** Reconciliation's findings by resolution (applied, needs_attention). */
  paymentDifferences: client.Gauge<'resolution'>;
  /** Payments reconciliation passed before they were paid and looks at again on each run. */
  paymentsWatched: client.Gauge;
  sockets: client.Gauge;
  /**
   * Adds a reading of state kept elsewhere (the database, the job queues) that sets gauges above;
   * every scrape (and every reader of the registry) runs the collectors first, once per scrape.
   */
  addCollector(collector: () => Promise<void>): void;
  middleware(service: string): RequestHandler;
  handler: RequestHandler;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const collectors: Array<() => Promise<void>> = [];
  let collecting: Promise<void> | null = null;
  // Each gauge a collector sets waits for the same run, so one scrape reads the database once.
  const collect = () => {
    collecting ??= Promise.all(collectors.map((collector) => collector()))
      .then(() => undefined)
      .finally(() => {
        collecting = null;
      });
    return collecting;
  };
  const httpDuration = new client.Histogram({
    name: 'playtime_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const commandOutcomes = new client.Counter({
    name: 'playtime_command_outcomes_total',
    help: 'Commands by outcome (ok, refused, conflict, error)',
    labelNames: ['command', 'outcome'] as const,
    registers: [registry],
  });
  const projectionLagEvents = new client.Gauge({
    name: 'playtime_projection_lag_events',
    help: 'Events in the log not yet applied by the projection',
    labelNames: ['projection'] as const,
    registers: [registry],
    collect,
  });
  const projectionPosition = new client.Gauge({
    name: 'playtime_projection_position',
    help: "Global position of the projection's checkpoint in the log",
    labelNames: ['projection'] as const,
    registers: [registry],
    collect,
  });
  const projectionRebuild = new client.Gauge({
    name: 'playtime_projection_rebuild',
    help: 'A running rebuild: events done, events total (the log when it started), started (epoch seconds); the last finished one: last_events, last_started, last_finished',
    labelNames: ['projection', 'measure'] as const,
    registers: [registry],
    collect,
  });
  const jobs = new client.Gauge({
    name: 'playtime_jobs',
    help: 'Jobs by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect,
  });
  const paymentDifferences = new client.Gauge({
    name: 'playtime_payment_differences',
    help: "Reconciliation's findings between the processor and the ledger, by resolution",
    labelNames: ['resolution'] as const,
    registers: [registry],
    collect,
  });
  const paymentsWatched = new client.Gauge({
    name: 'playtime_payments_watched',
    help: 'Payments reconciliation passed before they were paid, looked at again on each run',
    registers: [registry],
    collect,
  });
  const projectionLagMs = new client.Gauge({
    name: 'playtime_projection_lag_milliseconds',
    help: 'Age of the newest event the projection applied, when it applied it',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const sockets = new client.Gauge({
    name: 'playtime_socket_connections',
    help: 'Open socket.io connections',
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    commandOutcomes,
    projectionLagEvents,
    projectionLagMs,
    projectionPosition,
    projectionRebuild,
    jobs,
    paymentDifferences,
    paymentsWatched,
    sockets,
    addCollector: (collector) => void collectors.push(collector),
    middleware: (service) => (req, res, next) => {
      const stop = httpDuration.startTimer({ service, method: req.method });
      // Only routes' own patterns become labels: the web app answers any path, and a label per path
      // would let anyone grow the registry without bound.
      res.on('finish', () =>
        stop({
          route: req.route?.path ?? (res.statusCode === 404 ? 'unmatched' : 'web app'),
          status: String(res.statusCode),
        }),
      );
      next();
    },
    handler: async (_req, res) => {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    },
  };
}

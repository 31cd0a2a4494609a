import type { RequestHandler } from 'express';
import client from 'prom-client';

/** Prometheus metrics of one process; each service registers what it measures. */
/** The push stages' histogram's name, as the bench reads it from /metrics. */
export const PUSH_STAGES_METRIC = 'playtime_push_stage_milliseconds';

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
   * A push's way through the projector (projection-runner.ts PushStages): `heard` from the batch's last
   * event written to the runner reading it, `applied` to its read-model writes committed, `announced`
   * to the change handed to the rooms. What the bench breaks a push's latency into.
   */
  pushStages: client.Histogram<'projection' | 'stage'>;
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
  /** A gauge a collector sets when /metrics is scraped (from the database, the queues), through that one run. */
  const scrapedGauge = <Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new client.Gauge<Label>({ name, help, labelNames, registers: [registry], collect });
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
  const projectionLagEvents = scrapedGauge(
    'playtime_projection_lag_events',
    'Events in the log not yet applied by the projection',
    ['projection'],
  );
  const projectionPosition = scrapedGauge(
    'playtime_projection_position',
    "Global position of the projection's checkpoint in the log",
    ['projection'],
  );
  const projectionRebuild = scrapedGauge(
    'playtime_projection_rebuild',
    'A running rebuild: events done, events total (the log when it started), started (epoch seconds); the last finished one: last_events, last_started, last_finished',
    ['projection', 'measure'],
  );
  const jobs = scrapedGauge('playtime_jobs', 'Jobs by queue and state', ['queue', 'state']);
  const paymentDifferences = scrapedGauge(
    'playtime_payment_differences',
    "Reconciliation's findings between the processor and the ledger, by resolution",
    ['resolution'],
  );
  const paymentsWatched = scrapedGauge(
    'playtime_payments_watched',
    'Payments reconciliation passed before they were paid, looked at again on each run',
  );
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
  const pushStages = new client.Histogram({
    name: PUSH_STAGES_METRIC,
    help: 'Milliseconds a push spends in each stage of the projector: heard (written to read), applied (read to committed), announced (committed to handed to the rooms)',
    labelNames: ['projection', 'stage'] as const,
    buckets: [1, 2, 5, 10, 20, 35, 50, 75, 100, 150, 250, 500, 1000, 2500],
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
    pushStages,
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

import type { RequestHandler } from 'express';
import client from 'prom-client';

/** Prometheus metrics of one process; each service registers what it measures. */
export interface Metrics {
  registry: client.Registry;
  httpDuration: client.Histogram<'service' | 'method' | 'route' | 'status'>;
  commandOutcomes: client.Counter<'command' | 'outcome'>;
  projectionLagEvents: client.Gauge<'projection'>;
  projectionLagMs: client.Gauge<'projection'>;
  sockets: client.Gauge;
  middleware(service: string): RequestHandler;
  handler: RequestHandler;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
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
  });
  const projectionLagMs = new client.Gauge({
    name: 'playtime_projection_lag_milliseconds',
    help: 'Age of the newest event the projection applied, when it applied it',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const sockets = new client.Gauge({ name: 'playtime_socket_connections', help: 'Open socket.io connections', registers: [registry] });
  return {
    registry,
    httpDuration,
    commandOutcomes,
    projectionLagEvents,
    projectionLagMs,
    sockets,
    middleware: (service) => (req, res, next) => {
      const stop = httpDuration.startTimer({ service, method: req.method });
      // Only routes' own patterns become labels: the web app answers any path, and a label per path
      // would let anyone grow the registry without bound.
      res.on('finish', () => stop({ route: req.route?.path ?? (res.statusCode === 404 ? 'unmatched' : 'web app'), status: String(res.statusCode) }));
      next();
    },
    handler: async (_req, res) => {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    },
  };
}

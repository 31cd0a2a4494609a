import compression from 'compression';
import { NO_ROUTE_HEADER } from '../../contract/headers';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from '../logging';
import type { Metrics } from '../metrics/metrics';
import { ApiError, errorHandler, notFoundHandler } from './errors';
import { methodNotAllowed } from './method-not-allowed';
import { requestContext } from './request-context';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers';
import { xsrfProtection } from './xsrf';

/** Bodies above this are refused with 413: no call of the product needs more. */
export const BODY_LIMIT = '64kb';

/**
 * The JSON parser passes over a body of any other type, and the call would then be refused for every
 * field it did send: such a body is refused as what it is. An empty body needs no type.
 */
const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  const empty = req.headers['content-length'] === '0' && !req.headers['transfer-encoding'];
  // req.is answers null without a body and false for a body of another type.
  if (empty || req.is('application/json') !== false) return next();
  next(
    new ApiError(
      415,
      'unsupported_media_type',
      'Send the body as JSON, with the header Content-Type: application/json.',
    ),
  );
};

export interface ServiceAppOptions {
  service: string;
  logger: Logger;
  metrics: Metrics;
  /** Mounted before the JSON body parser (the identity provider parses its own bodies). */
  raw?: Router[];
  /** API routers, behind JSON parsing and the anti-forgery check. */
  api: Router[];
  /** Mounted after the API (e.g. the web app's static files and its client-side routes). */
  after?: Router[];
  /** Where the SPA and its identity provider live, for the Content-Security-Policy (same origin when absent). */
  securityHeaders?: SecurityHeaderOptions;
  /** The proxies whose X-Forwarded-* headers are believed (config's TRUSTED_PROXIES); loopback when absent. */
  trustedProxies?: string[];
}

/**
 * An answer to a request with a bearer token is that user's: no shared cache may keep it, and the
 * browser asks again (a 304 when its ETag still holds) rather than show an old one.
 */
const perUserAnswersPrivate: RequestHandler = (req, res, next) => {
  if (req.headers.authorization) res.setHeader('Cache-Control', 'private, no-cache');
  next();
};

/** A path none of this service's routes serve, under any method: marked so the proxy may ask the other service. */
const markNoRoute: RequestHandler = (_req, res, next) => {
  res.setHeader(NO_ROUTE_HEADER, 'true');
  next();
};

/** The Express app every service shares: request ids and logs, metrics, security headers, JSON, XSRF, JSON errors. */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustedProxies?.length ? options.trustedProxies : ['loopback']);
  app.use(requestContext(options.logger));
  app.use(options.metrics.middleware(options.service));
  app.use(securityHeaders(options.securityHeaders));
  for (const router of options.raw ?? []) app.use(router);
  // Answers of a kilobyte or more go out compressed (brotli or gzip, as the browser accepts): a search
  // or a game's roster shrinks to a fifth; smaller ones are not worth the CPU.
  app.use(
    '/api',
    compression({ threshold: 1024 }),
    jsonBodiesOnly,
    express.json({ limit: BODY_LIMIT }),
    xsrfProtection,
    perUserAnswersPrivate,
  );
  for (const router of options.api) app.use(router);
  app.use('/api', methodNotAllowed([...(options.raw ?? []), ...options.api]), markNoRoute, notFoundHandler);
  for (const router of options.after ?? []) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}

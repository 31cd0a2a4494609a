import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging';

export const CORRELATION_HEADER = 'x-correlation-id';

/**
 * Gives each request an id (the caller's X-Correlation-Id when it sends a sane one), echoes it
 * back, and logs the request with it, so one id ties a browser action to its log lines and events.
 */
export function requestContext(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers[CORRELATION_HEADER];
      const id = typeof given === 'string' && /^[\w.:-]{8,100}$/.test(given) ? given : randomUUID();
      res.setHeader('X-Correlation-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
  });
}

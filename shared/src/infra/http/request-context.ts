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
    // req.log binds only the request id. By default pino-http binds the whole request to a child
    // logger up front, serialising its headers on every request even when nothing is logged (9% of
    // the app's main thread under load); the request goes into the completion line instead, which
    // is serialised only when its level is on.
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessObject: (req, _res, fields: object) => ({ ...fields, req }),
    customErrorObject: (req, _res, _error, fields: object) => ({ ...fields, req }),
  });
}

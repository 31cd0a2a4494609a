import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import pino from 'pino';
import type { Logger } from '../logging';

export const CORRELATION_HEADER = 'x-correlation-id';

declare module 'http' {
  interface IncomingMessage {
    /** The request's correlation id: in every log line about it and in its events' metadata. */
    id: string;
    /** A logger whose lines carry the request's id. */
    log: Logger;
  }
}

const serializers = { req: pino.stdSerializers.req, res: pino.stdSerializers.res, err: pino.stdSerializers.err };

const levelFor = (res: Response): pino.Level =>
  res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug';

/**
 * Gives each request an id (the caller's X-Correlation-Id when it sends a sane one), echoes it
 * back, and logs the request with it when it completes: 5xx as errors, 4xx as warnings, the rest
 * at debug. Written for the hot path (pino-http serialised every request's headers into a child
 * logger up front, about a tenth of the app's main thread under load): the request is serialised
 * only when its line is actually written, and `req.log` is made on first use.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers[CORRELATION_HEADER];
    const id = typeof given === 'string' && /^[\w.:-]{8,100}$/.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Correlation-Id', id);
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (log ??= logger.child({ reqId: id }, { serializers })),
    });
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const level = res.writableFinished ? levelFor(res) : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Math.round(performance.now() - started);
      req.log[level]({ req, res, responseTime }, res.writableFinished ? 'request completed' : 'request aborted');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

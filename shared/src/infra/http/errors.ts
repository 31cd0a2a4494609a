import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError } from '../../domain/decider';
import { ConcurrencyError } from '../eventstore/port';
import type { Logger } from '../logging';

/** An error with an HTTP status and a message a person can act on; sent as `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const STATUS_BY_KIND = { malformed: 400, invalid: 422, conflict: 409, forbidden: 403, not_found: 404 } as const;

/** Validates a request body; every bad field is named in `fields`. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0]!;
  throw new ApiError(400, 'invalid_request', first[0] === 'body' ? first[1] : `${first[0]}: ${first[1]}`, fields);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError(404, 'not_found', `There is no ${req.method} ${req.path}.`));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const body = (status: number, code: string, message: string, fields?: Record<string, string>) =>
      res.status(status).json({ error: { code, message, ...(fields ? { fields } : {}) } });
    if (error instanceof ApiError) return body(error.status, error.code, error.message, error.fields);
    if (error instanceof DomainError) return body(STATUS_BY_KIND[error.kind], error.code, error.message, error.fields);
    if (error instanceof ConcurrencyError)
      return body(409, 'conflict', 'Someone else changed this at the same time. Please try again.');
    const status = (error as { status?: number; type?: string }).status;
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') return body(400, 'malformed_json', 'The request body is not valid JSON.');
    if (type === 'entity.too.large') return body(413, 'body_too_large', 'The request body is too large.');
    if (typeof status === 'number' && status >= 400 && status < 500)
      return body(status, 'bad_request', (error as Error).message);
    logger.error({ err: error, requestId: req.id }, 'unhandled error');
    return body(500, 'internal', `Something went wrong on our side (request ${String(req.id)}).`);
  };
}

import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. LOG_LEVEL=silent quiets tests; pretty output is left to the reader's tools. */
export function createLogger(service: string): Logger {
  return pino({
    name: service,
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    // Request logs carry headers: a bearer token or session cookie in a log file is a login for whoever reads it.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}

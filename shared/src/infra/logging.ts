import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. LOG_LEVEL=silent quiets tests; pretty output is left to the reader's tools. */
export function createLogger(service: string): Logger {
  return pino({ name: service, level: process.env.LOG_LEVEL ?? 'info', base: { service } });
}

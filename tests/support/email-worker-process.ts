/**
 * An email worker process for the kill test: relays and sends the outbox of the database given as the
 * first argument to the SMTP_URL given as the second, until it is killed. Its jobs' locks last the third
 * argument's milliseconds, so the test's next worker takes a killed one's job over that soon.
 */
import pino from 'pino';
import { createPool } from '@playtime/shared/infra/db/pool';
import { startEmailWorker } from '@playtime/shared/infra/email/email-worker';

const [databaseUrl, smtpUrl, stalledAfterMs] = process.argv.slice(2) as [string, string, string];
await startEmailWorker({
  pool: createPool(databaseUrl),
  databaseUrl,
  smtpUrl,
  stalledAfterMs: Number(stalledAfterMs),
  from: 'Playtime <no-reply@playtime.test>',
  publicUrl: 'http://playtime.test',
  logger: pino({ level: 'warn' }, pino.destination(2)),
});
process.stdout.write('started\n');

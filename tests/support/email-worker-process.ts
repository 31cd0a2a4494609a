/**
 * An email worker process for the kill test: relays and sends the outbox of the database given as the
 * first argument to the SMTP_URL given as the second, until it is killed.
 */
import pino from 'pino';
import { createPool } from '@playtime/shared/infra/db/pool';
import { startEmailWorker } from '@playtime/shared/infra/email/email-worker';

const [databaseUrl, smtpUrl] = process.argv.slice(2) as [string, string];
await startEmailWorker({
  pool: createPool(databaseUrl),
  databaseUrl,
  smtpUrl,
  from: 'Playtime <no-reply@playtime.test>',
  publicUrl: 'http://playtime.test',
  logger: pino({ level: 'warn' }, pino.destination(2)),
});
process.stdout.write('started\n');

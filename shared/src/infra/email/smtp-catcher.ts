/**
 * The standalone app's mail server (issue #31): an embedded SMTP server (smtp-server) on the loopback
 * interface that keeps every mail it receives in caught_mail, for the admin's Mail tab. Nothing is
 * relayed anywhere: mail never leaves the machine.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { EMAIL_KIND_HEADER } from '../../contract/email';

export interface SmtpCatcher {
  port: number;
  close(): Promise<void>;
}

const MAX_MAIL_BYTES = 2 * 1024 * 1024;

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(', ');
}

/**
 * Stores one raw mail; exported for tests that feed it without SMTP. Only its header block is parsed
 * here (the list's columns): the bodies are parsed when an admin opens the mail (read-api's Mail
 * routes), so a burst of thousands of mails costs the catcher a fifth of the work.
 */
export async function catchMail(pool: pg.Pool, raw: Buffer): Promise<void> {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const parsed = await simpleParser(Buffer.from(`${end < 0 ? text : text.slice(0, end)}\r\n\r\n`));
  const kind = parsed.headers.get(EMAIL_KIND_HEADER.toLowerCase());
  await pool.query(
    `INSERT INTO caught_mail (message_id, to_address, from_address, subject, kind, raw) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      parsed.messageId ?? null,
      addresses(parsed.to),
      addresses(parsed.from),
      parsed.subject ?? '',
      typeof kind === 'string' ? kind : null,
      text,
    ],
  );
}

export async function startSmtpCatcher(pool: pg.Pool, options: { port?: number } = {}): Promise<SmtpCatcher> {
  const server = new SMTPServer({
    // Only this machine talks to it (it listens on 127.0.0.1), so no login and no TLS.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MAIL_BYTES,
    banner: 'Playtime mail catcher: nothing leaves this machine',
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        // The 250 goes out only once the mail is stored: a sender that got it may count the mail delivered.
        catchMail(pool, Buffer.concat(chunks)).then(
          () => callback(),
          (error: unknown) =>
            callback(Object.assign(new Error(`Could not store the mail: ${String(error)}`), { responseCode: 451 })),
        );
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

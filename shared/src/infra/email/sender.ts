/**
 * Sends outbox rows, each at most once (issue #31).
 *
 * "At most once" here means: Playtime hands a row to an SMTP server in at most one attempt. An
 * attempt first claims the row (pending → sending, in one UPDATE that only one attempt can win), then
 * sends, then records sent. A later attempt that finds the row still claimed cannot know whether the
 * dead attempt's mail reached the server (it may have died after the server's 250 and before the
 * UPDATE), so it asks the server whether a mail with the row's Message-ID arrived. The embedded
 * catcher can tell for sure: it is recorded sent, or sent now (issue #41). An outside server cannot:
 * the row is marked 'unknown', for an admin to look up by that Message-ID, and tried once more after
 * a while (retryUnknownRows), with the same Message-ID, so a server that keeps Message-IDs drops a
 * copy. The trade: a crash at the worst moment may double a mail through an outside server, once;
 * a row whose second try vanishes too stays 'unknown'. A mail the server refused, or a connection
 * that never got as far as the message, was certainly not sent: it goes back to pending and is
 * retried with backoff.
 */
import type Mail from 'nodemailer/lib/mailer';
import pLimit from 'p-limit';
import type pg from 'pg';

/**
 * A job sends up to EMAIL_JOB_ROWS rows, EMAIL_ROWS_AT_ONCE of them at a time, and a worker runs
 * EMAIL_JOBS_AT_ONCE jobs: a queue's own cost per job (several statements on PostgreSQL) is shared by
 * a job's rows, while each row keeps its own claim, so a crash leaves at most a few rows unsettled.
 */
export const EMAIL_JOB_ROWS = 20;
export const EMAIL_ROWS_AT_ONCE = 4;
export const EMAIL_JOBS_AT_ONCE = 4;
/** Mails sent at once by one worker: the SMTP connections it keeps open. */
export const EMAIL_SEND_CONCURRENCY = EMAIL_ROWS_AT_ONCE * EMAIL_JOBS_AT_ONCE;

export interface MailTransport {
  send(message: Mail.Options): Promise<void>;
  /** Whether the server has a mail with this Message-ID; absent when the server cannot tell. */
  delivered?(messageId: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface SenderDependencies {
  pool: pg.Pool;
  transport: MailTransport;
  /** The From address. */
  from: string;
  /** The Message-ID's domain: the app's host. */
  messageIdDomain: string;
  /** Test seams for crashes at the worst moments. */
  hooks?: { afterClaim?(id: number): Promise<void>; afterSend?(id: number): Promise<void> };
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
}

export const messageIdOf = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/** Errors after which the server certainly does not have the message. */
function certainlyNotSent(error: unknown): boolean {
  const details = error as { responseCode?: number; code?: string; command?: string };
  // The server answered with a refusal (4xx/5xx) to a command, the last one included: it did not take the mail.
  if (typeof details.responseCode === 'number' && details.responseCode >= 400) return true;
  // No connection, no TLS, no login: the message was never on the wire.
  return ['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH'].includes(details.code ?? '') || details.command === 'CONN';
}

export type SendOutcome = 'sent' | 'retry' | 'failed' | 'unknown' | 'done already' | 'claimed by another job';

/** An attempt of a job: which job (it claims rows in its name), which try, and whether it is the last. */
export interface SendAttempt {
  jobId: string;
  number: number;
  last: boolean;
}

/**
 * One attempt of a job at its rows, EMAIL_ROWS_AT_ONCE at a time. Every row is tried; then, when a row
 * must be tried again (its server certainly did not take it), this throws for the queue's backoff, and
 * the next attempt finds the other rows finished.
 */
export async function sendOutboxRows(
  deps: SenderDependencies,
  ids: readonly number[],
  attempt: SendAttempt,
): Promise<Map<number, SendOutcome>> {
  const outcomes = new Map<number, SendOutcome>();
  let retry: unknown = null;
  const atOnce = pLimit(EMAIL_ROWS_AT_ONCE);
  await Promise.all(
    ids.map((id) =>
      atOnce(async () => {
        try {
          outcomes.set(id, await sendOutboxRow(deps, id, attempt));
        } catch (error) {
          outcomes.set(id, 'retry');
          retry ??= error;
        }
      }),
    ),
  );
  if (retry) throw retry;
  return outcomes;
}

/** One attempt at one row; throws (for the queue's backoff) only when it is safe to try again. */
export async function sendOutboxRow(deps: SenderDependencies, id: number, attempt: SendAttempt): Promise<SendOutcome> {
  const claimed = await deps.pool.query<OutboxRow>(
    `UPDATE email_outbox SET state = 'sending', claimed_at = now(), claimed_by = $2, attempts = attempts + 1
     WHERE id = $1 AND state = 'pending'
     RETURNING id, to_address, subject, text_body, html_body, headers`,
    [id, attempt.jobId],
  );
  const messageId = messageIdOf(id, deps.messageIdDomain);
  const row = claimed.rows[0];
  if (!row) return settleEarlierClaim(deps, id, messageId, attempt);
  await deps.hooks?.afterClaim?.(id);
  try {
    await deps.transport.send({
      messageId,
      from: deps.from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers: row.headers,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!certainlyNotSent(error)) {
      // A server that can tell settles it: what it has is sent, what it has not is retried below.
      const delivered = deps.transport.delivered ? await deps.transport.delivered(messageId) : null;
      if (delivered) return recordSent(deps, id);
      if (delivered === null) {
        await record(deps, id, 'unknown', message);
        return 'unknown';
      }
    }
    const permanent = (error as { responseCode?: number }).responseCode! >= 500 || attempt.last;
    await record(deps, id, permanent ? 'failed' : 'pending', message);
    if (permanent) return 'failed';
    throw error;
  }
  await deps.hooks?.afterSend?.(id);
  return recordSent(deps, id);
}

async function recordSent(deps: SenderDependencies, id: number): Promise<'sent'> {
  await deps.pool.query(`UPDATE email_outbox SET state = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`, [
    id,
  ]);
  return 'sent';
}

async function record(deps: SenderDependencies, id: number, state: string, error: string): Promise<void> {
  await deps.pool.query('UPDATE email_outbox SET state = $2, last_error = $3 WHERE id = $1', [id, state, error]);
}

/**
 * The row was not pending: finished already, claimed by another job that is sending it (a repeated
 * relay put it in two), or claimed by an earlier attempt of this job that never said how it went.
 */
async function settleEarlierClaim(
  deps: SenderDependencies,
  id: number,
  messageId: string,
  attempt: SendAttempt,
): Promise<SendOutcome> {
  const { jobId } = attempt;
  const { rows } = await deps.pool.query<{ state: string; claimed_by: string | null }>(
    'SELECT state, claimed_by FROM email_outbox WHERE id = $1',
    [id],
  );
  if (rows[0]?.state !== 'sending') return 'done already';
  // A claim from before jobs named themselves (claimed_by null) was a job of that row alone: this one.
  if (rows[0].claimed_by !== null && rows[0].claimed_by !== jobId) return 'claimed by another job';
  if (deps.transport.delivered) {
    if (await deps.transport.delivered(messageId)) {
      await deps.pool.query(
        `UPDATE email_outbox SET state = 'sent', sent_at = now() WHERE id = $1 AND state = 'sending'`,
        [id],
      );
      return 'sent';
    }
    // The server never received it, and says so for sure: the claim is given back and the mail sent now.
    const released = await deps.pool.query(
      `UPDATE email_outbox SET state = 'pending' WHERE id = $1 AND state = 'sending' AND claimed_by IS NOT DISTINCT FROM $2`,
      [id, rows[0].claimed_by],
    );
    return released.rowCount ? sendOutboxRow(deps, id, attempt) : 'claimed by another job';
  }
  await deps.pool.query(
    `UPDATE email_outbox SET state = 'unknown', last_error = $2 WHERE id = $1 AND state = 'sending'`,
    [
      id,
      `An earlier attempt claimed this mail and stopped without recording the outcome; look for Message-ID ${messageId} on the SMTP server.`,
    ],
  );
  return 'unknown';
}

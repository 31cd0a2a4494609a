/**
 * Sends push_outbox rows (issue #46) to their push services: the payload encrypted for the device
 * (RFC 8291 aes128gcm) and signed with the deployment's VAPID keys (RFC 8292) by web-push, then POSTed
 * as RFC 8030 says. A push service that answers 404 or 410 has dropped the subscription: it is removed,
 * with every push still waiting for it. A refusal of the request itself (another 4xx) will not change
 * by trying again: the row fails. Anything else (a 429, a 5xx, no connection) leaves the row pending and
 * fails the job, which the queue retries with backoff. A push is sent at least once: a crash between
 * the service's answer and the row's update sends it again, which a device shows as one notification
 * (the payload's tag).
 */
import webpush from 'web-push';
import type pg from 'pg';
import type { VapidKeys } from './vapid';

/** How long a push service keeps a push for a device that is offline: a day; an offer is short-lived anyway. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Rows one job sends, in order: urgent ones first (the relay orders them so). */
export const PUSH_JOB_ROWS = 20;

export interface PushSenderDependencies {
  pool: pg.Pool;
  vapid: VapidKeys;
  /** The HTTP client (fetch); a test may pass its own. */
  fetch?: typeof fetch;
}

interface OutboxRow {
  id: string;
  endpoint: string;
  payload: unknown;
  urgency: 'normal' | 'high';
  p256dh: string | null;
  auth: string | null;
}

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'retry';

/** The outcome a push service's status means. */
export function outcomeOfStatus(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** Sends one row to its device; never throws (a network failure is 'retry'). */
async function sendRow(
  deps: PushSenderDependencies,
  row: OutboxRow,
): Promise<{ outcome: PushOutcome; error?: string }> {
  if (!row.p256dh || !row.auth) return { outcome: 'gone' };
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(row.payload),
      { vapidDetails: deps.vapid, TTL: PUSH_TTL_SECONDS, urgency: row.urgency, contentEncoding: 'aes128gcm' },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers as Record<string, string | number>).map(([name, value]) => [name, String(value)]),
    );
    const response = await (deps.fetch ?? fetch)(row.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(30_000),
    });
    const outcome = outcomeOfStatus(response.status);
    const text = outcome === 'sent' ? '' : await response.text().catch(() => '');
    await response.body?.cancel().catch(() => undefined);
    return outcome === 'sent' ? { outcome } : { outcome, error: `${response.status} ${text}`.trim().slice(0, 500) };
  } catch (error) {
    return { outcome: 'retry', error: (error as Error).message.slice(0, 500) };
  }
}

/**
 * One attempt of a job at its rows, urgent first. Rows sent, gone or failed are settled; when some are
 * left to retry, it throws after trying all (the queue runs the job again), unless this is the last
 * attempt: then they fail. Returns each row's outcome.
 */
export async function sendPushRows(
  deps: PushSenderDependencies,
  ids: number[],
  attempt: { last: boolean },
): Promise<Map<number, PushOutcome>> {
  const { pool } = deps;
  const { rows } = await pool.query<OutboxRow>(
    `SELECT o.id, o.endpoint, o.payload, o.urgency, s.p256dh, s.auth
       FROM push_outbox o LEFT JOIN push_subscriptions s ON s.endpoint = o.endpoint AND s.user_id = o.user_id
      WHERE o.id = ANY($1::bigint[]) AND o.state = 'pending'
      ORDER BY o.priority, o.id`,
    [ids],
  );
  const outcomes = new Map<number, PushOutcome>();
  const goneEndpoints = new Set<string>();
  for (const row of rows) {
    if (goneEndpoints.has(row.endpoint)) continue;
    const { outcome, error } = await sendRow(deps, row);
    const settled: PushOutcome = outcome === 'retry' && attempt.last ? 'failed' : outcome;
    outcomes.set(Number(row.id), settled);
    if (settled === 'gone') {
      goneEndpoints.add(row.endpoint);
      // The device is gone: its subscription, and every push still waiting for it, with it (one statement,
      // so nobody sees the one gone without the other).
      await pool.query(
        `WITH dropped AS (DELETE FROM push_subscriptions WHERE endpoint = $1)
         UPDATE push_outbox SET state = 'gone', last_error = $2, attempts = attempts + (id = $3)::int
          WHERE endpoint = $1 AND state = 'pending'`,
        [row.endpoint, error ?? 'subscription gone', row.id],
      );
    } else {
      await pool.query(
        `UPDATE push_outbox SET state = $2, attempts = attempts + 1, last_error = $3,
                sent_at = CASE WHEN $2 = 'sent' THEN now() END
          WHERE id = $1 AND state = 'pending'`,
        [row.id, settled === 'retry' ? 'pending' : settled, error ?? null],
      );
    }
  }
  const left = [...outcomes.values()].filter((outcome) => outcome === 'retry').length;
  if (left > 0) throw new Error(`${left} push(es) of this job could not be delivered yet; trying again`);
  return outcomes;
}

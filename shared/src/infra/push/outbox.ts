/**
 * Writing pushes (issue #46): one push_outbox row per notification and device of its user, for the kinds
 * the user has Push on for, in the transaction of the notification itself (the notifications
 * projection's batch), so a push is never lost nor, with its once-only key, written twice.
 */
import type { NotificationKind } from '../../contract/notifications';
import type { PushPayload } from '../../contract/push';
import type { Queryable } from '../db/pool';

/** Wakes the push worker's relay when a transaction that wrote pushes commits. */
export const PUSH_OUTBOX_CHANNEL = 'push_outbox';

/** Kinds pushed first of all, with RFC 8030 urgency 'high': a freed spot is offered for a short while. */
export const URGENT_PUSH_KINDS: readonly NotificationKind[] = ['spot-offered'];

export interface NotificationPush {
  userId: string;
  kind: NotificationKind;
  payload: PushPayload;
  /** The notification's id: a rebuilt projection writing it again writes nothing. */
  dedupeKey: string;
  /** Quiet hours: held until this instant (ISO), or null to go at once. */
  notBefore: string | null;
}

export async function writeNotificationPushes(db: Queryable, pushes: NotificationPush[]): Promise<number> {
  if (pushes.length === 0) return 0;
  const records = pushes.map((push) => ({
    user_id: push.userId,
    kind: push.kind,
    payload: push.payload,
    urgent: URGENT_PUSH_KINDS.includes(push.kind),
    dedupe_key: push.dedupeKey,
    not_before: push.notBefore,
  }));
  const { rows } = await db.query<{ written: string }>(
    `WITH inserted AS (
       INSERT INTO push_outbox (endpoint, user_id, kind, payload, urgency, priority, dedupe_key, not_before)
       SELECT s.endpoint, p.user_id, p.kind, p.payload, CASE WHEN p.urgent THEN 'high' ELSE 'normal' END,
              CASE WHEN p.urgent THEN 0 ELSE 1 END, p.dedupe_key, p.not_before
         FROM jsonb_to_recordset($1::jsonb)
              AS p(user_id text, kind text, payload jsonb, urgent boolean, dedupe_key text, not_before timestamptz)
         JOIN push_subscriptions s ON s.user_id = p.user_id
        WHERE EXISTS (SELECT FROM push_kinds k WHERE k.user_id = p.user_id AND k.kind = p.kind)
       ON CONFLICT (dedupe_key, endpoint) DO NOTHING
       RETURNING id),
     woken AS (SELECT pg_notify('${PUSH_OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT FROM inserted))
     SELECT (SELECT count(*) FROM inserted) AS written, (SELECT count(*) FROM woken) AS wake`,
    [JSON.stringify(records)],
  );
  return Number(rows[0]!.written);
}

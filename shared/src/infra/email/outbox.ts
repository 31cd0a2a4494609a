/**
 * The email outbox (issue #31). A mail is a row of email_outbox written in the same transaction as
 * what causes it, so a mail exists exactly when its cause committed:
 * - the embedded identity provider's mail (verification, reset) is caused by its own rows (a new
 *   account, a new link), not by an event: writeEmail runs in the transaction that inserts them;
 * - mail caused by events (notifications, reminders: later) is written by a projection in the
 *   projection runner's batch transaction, the one that moves its checkpoint (projector/src/runtime):
 *   the event store's append is another component's transaction, but the checkpoint transaction sees
 *   every event exactly once, so there a row per event is as honest as "with the event".
 * A relay (email-worker.ts) hands committed rows to the BullMQ 'email' queue; sendOutboxRow sends one.
 */
import type { EmailKind } from '../../contract/email';
import { EMAIL_KIND_HEADER } from '../../contract/email';
import type { Queryable } from '../db/pool';
import { renderEmail } from './templates';
import { unsubscribeToken } from './unsubscribe-tokens';

/** Wakes the relay as soon as the row's transaction commits (NOTIFY is delivered on commit). */
export const EMAIL_OUTBOX_CHANNEL = 'email_outbox';

export interface EmailSettings {
  /** Where links point: the app's public address. */
  publicUrl: string;
  /** Signs unsubscribe links (unsubscribe-tokens.ts). */
  unsubscribeKey: string;
}

export interface NewEmail {
  kind: EmailKind;
  accountId: string;
  to: string;
  nickname: string;
  link: string;
  /**
   * Sent even if the user unsubscribed from the kind: they asked for this very mail a moment ago
   * (a verification mail again, a password reset), so their unsubscribe cannot mean this one.
   */
  requestedNow?: boolean;
}

export const unsubscribeUrlOf = (settings: EmailSettings, accountId: string, kind: EmailKind) =>
  `${settings.publicUrl}/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(settings.unsubscribeKey, accountId, kind))}`;

/**
 * Writes one mail into the outbox on `db`, which must be the transaction of the mail's cause.
 * Returns the row's id, or null when the user turned this kind off.
 */
export async function writeEmail(db: Queryable, settings: EmailSettings, mail: NewEmail): Promise<number | null> {
  if (!mail.requestedNow) {
    const { rowCount } = await db.query('SELECT 1 FROM email_unsubscribes WHERE account_id = $1 AND kind = $2', [
      mail.accountId,
      mail.kind,
    ]);
    if (rowCount) return null;
  }
  const unsubscribeUrl = unsubscribeUrlOf(settings, mail.accountId, mail.kind);
  const content = renderEmail(mail.kind, { nickname: mail.nickname, link: mail.link, unsubscribeUrl });
  const headers = {
    [EMAIL_KIND_HEADER]: mail.kind,
    // RFC 2369 and RFC 8058: mail clients offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to it.
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO email_outbox (kind, account_id, to_address, subject, text_body, html_body, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [mail.kind, mail.accountId, mail.to, content.subject, content.text, content.html, JSON.stringify(headers)],
  );
  await db.query(`SELECT pg_notify('${EMAIL_OUTBOX_CHANNEL}', '')`);
  return rows[0]!.id;
}

/**
 * The email outbox (issue #31). A mail is a row of email_outbox written in the same transaction as
 * what causes it, so a mail exists exactly when its cause committed:
 * - the embedded identity provider's mail (verification, reset) is caused by its own rows (a new
 *   account, a new link), not by an event: writeEmail runs in the transaction that inserts them;
 * - mail caused by events (notifications, reminders) is written by a projection in the
 *   projection runner's batch transaction, the one that moves its checkpoint (projector/src/runtime):
 *   the event store's append is another component's transaction, but the checkpoint transaction sees
 *   every event exactly once, so there a row per event is as honest as "with the event".
 * A relay (email-worker.ts) hands committed rows to the BullMQ 'email' queue; sendOutboxRow sends one.
 */
import type { AccountEmailKind, EmailKind } from '../../contract/email';
import { EMAIL_KIND_HEADER } from '../../contract/email';
import type { NotificationKind } from '../../contract/notifications';
import type { Queryable } from '../db/pool';
import { renderEmail, renderNotificationEmail, type EmailContent } from './templates';
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
  kind: AccountEmailKind;
  accountId: string;
  to: string;
  nickname: string;
  link: string;
  /**
   * Sent even if the user unsubscribed from the kind: they asked for this very mail a moment ago
   * (a verification mail again, a password reset), so their unsubscribe cannot mean this one.
   */
  requestedNow?: boolean;
  /** Once-only, when a projection writes it from an event (insertOutboxRow). */
  dedupeKey?: string;
}

export const unsubscribeUrlOf = (settings: EmailSettings, accountId: string, kind: EmailKind) =>
  `${settings.publicUrl}/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(settings.unsubscribeKey, accountId, kind))}`;

/**
 * Inserts a rendered mail, unless the user turned its kind off (`anyway`: send it all the same), and
 * wakes the relay, in one statement. A `dedupeKey` makes it once-only: a projection rebuilt from the
 * log writes its mail again, and the key (from the event) lets only the first write count.
 */
async function insertOutboxRow(
  db: Queryable,
  settings: EmailSettings,
  row: { kind: EmailKind; accountId: string; to: string; content: EmailContent; dedupeKey?: string; anyway?: boolean },
): Promise<number | null> {
  const unsubscribeUrl = unsubscribeUrlOf(settings, row.accountId, row.kind);
  const headers = {
    [EMAIL_KIND_HEADER]: row.kind,
    // RFC 2369 and RFC 8058: mail clients offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to it.
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const { rows } = await db.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO email_outbox (kind, account_id, to_address, subject, text_body, html_body, headers, dedupe_key)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
        WHERE $9 OR NOT EXISTS (SELECT FROM email_unsubscribes WHERE account_id = $2 AND kind = $1)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id)
     SELECT id, pg_notify('${EMAIL_OUTBOX_CHANNEL}', '') FROM inserted`,
    [
      row.kind,
      row.accountId,
      row.to,
      row.content.subject,
      row.content.text,
      row.content.html,
      JSON.stringify(headers),
      row.dedupeKey ?? null,
      row.anyway ?? false,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Writes one account mail into the outbox on `db`, which must be the transaction of the mail's cause.
 * Returns the row's id, or null when the user turned this kind off.
 */
export async function writeEmail(db: Queryable, settings: EmailSettings, mail: NewEmail): Promise<number | null> {
  const unsubscribeUrl = unsubscribeUrlOf(settings, mail.accountId, mail.kind);
  const content = renderEmail(mail.kind, { nickname: mail.nickname, link: mail.link, unsubscribeUrl });
  return insertOutboxRow(db, settings, {
    kind: mail.kind,
    accountId: mail.accountId,
    to: mail.to,
    content,
    anyway: mail.requestedNow ?? false,
    ...(mail.dedupeKey === undefined ? {} : { dedupeKey: mail.dedupeKey }),
  });
}

export interface NotificationEmail {
  kind: NotificationKind;
  /** The Playtime user (their unsubscribe rows and preferences are by user id). */
  userId: string;
  to: string;
  text: string;
  /** An app path ('/game-details/…'), made absolute with the public address. */
  link: string;
  dedupeKey: string;
}

/** Writes a notification's mail on `db` (the projection's batch transaction), unless its kind is off. */
export async function writeNotificationEmail(
  db: Queryable,
  settings: EmailSettings,
  mail: NotificationEmail,
): Promise<number | null> {
  const content = renderNotificationEmail(mail.kind, {
    text: mail.text,
    link: `${settings.publicUrl}${mail.link}`,
    unsubscribeUrl: unsubscribeUrlOf(settings, mail.userId, mail.kind),
  });
  return insertOutboxRow(db, settings, {
    kind: mail.kind,
    accountId: mail.userId,
    to: mail.to,
    content,
    dedupeKey: mail.dedupeKey,
  });
}

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
import { EMAIL_KIND_HEADER, offersUnsubscribe } from '../../contract/email';
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

interface OutboxRow {
  kind: EmailKind;
  accountId: string;
  to: string;
  content: EmailContent;
  /** The address the content links to, named again in the List-Unsubscribe header; none: no unsubscribe offered. */
  unsubscribeUrl?: string;
  dedupeKey?: string;
  /** Sent even if the user turned the kind off (NewEmail.requestedNow). */
  anyway?: boolean;
  /** Issue #46: held by quiet hours until this instant (ISO). */
  notBefore?: string | null;
}

/**
 * Inserts rendered mails, except those of kinds their user turned off, and wakes the relay, in one
 * statement. A `dedupeKey` makes a mail once-only: a projection rebuilt from the log writes its mail
 * again, and the key (from the event) lets only the first write count. Returns the new rows' ids.
 */
async function insertOutboxRows(db: Queryable, rows: OutboxRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const records = rows.map((row) => ({
    kind: row.kind,
    account_id: row.accountId,
    to_address: row.to,
    subject: row.content.subject,
    text_body: row.content.text,
    html_body: row.content.html,
    headers: {
      [EMAIL_KIND_HEADER]: row.kind,
      // RFC 2369 and RFC 8058: mail clients offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to it.
      ...(row.unsubscribeUrl
        ? { 'List-Unsubscribe': `<${row.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
    dedupe_key: row.dedupeKey ?? null,
    anyway: row.anyway ?? false,
    not_before: row.notBefore ?? null,
  }));
  const { rows: inserted } = await db.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO email_outbox (kind, account_id, to_address, subject, text_body, html_body, headers, dedupe_key, not_before)
       SELECT m.kind, m.account_id, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.dedupe_key, m.not_before
         FROM jsonb_to_recordset($1::jsonb) AS m(kind text, account_id text, to_address text, subject text,
                                                 text_body text, html_body text, headers jsonb, dedupe_key text, anyway boolean,
                                                 not_before timestamptz)
        WHERE m.anyway OR NOT EXISTS (SELECT FROM email_unsubscribes u WHERE u.account_id = m.account_id AND u.kind = m.kind)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id),
     woken AS (SELECT pg_notify('${EMAIL_OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT FROM inserted))
     SELECT id FROM inserted, (SELECT count(*) FROM woken) AS wake`,
    [JSON.stringify(records)],
  );
  return inserted.map((row) => Number(row.id));
}

/**
 * Writes one account mail into the outbox on `db`, which must be the transaction of the mail's cause.
 * Returns the row's id, or null when the user turned this kind off.
 */
export async function writeEmail(db: Queryable, settings: EmailSettings, mail: NewEmail): Promise<number | null> {
  // Account access mail offers no unsubscribe, and is sent whatever an older mail's link turned off.
  const offered = offersUnsubscribe(mail.kind);
  const unsubscribeUrl = offered ? unsubscribeUrlOf(settings, mail.accountId, mail.kind) : undefined;
  const content = renderEmail(mail.kind, { nickname: mail.nickname, link: mail.link, unsubscribeUrl });
  const [id] = await insertOutboxRows(db, [
    {
      kind: mail.kind,
      accountId: mail.accountId,
      to: mail.to,
      content,
      unsubscribeUrl,
      anyway: !offered || (mail.requestedNow ?? false),
      ...(mail.dedupeKey === undefined ? {} : { dedupeKey: mail.dedupeKey }),
    },
  ]);
  return id ?? null;
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
  /** Issue #46: quiet hours hold it until this instant (ISO); null or absent: at once. */
  notBefore?: string | null;
}

/** Writes notifications' mail on `db` (the projection's batch transaction), except kinds turned off. */
export async function writeNotificationEmails(
  db: Queryable,
  settings: EmailSettings,
  mails: NotificationEmail[],
): Promise<number[]> {
  return insertOutboxRows(
    db,
    mails.map((mail) => {
      const unsubscribeUrl = unsubscribeUrlOf(settings, mail.userId, mail.kind);
      return {
        kind: mail.kind,
        accountId: mail.userId,
        to: mail.to,
        content: renderNotificationEmail(mail.kind, {
          text: mail.text,
          link: `${settings.publicUrl}${mail.link}`,
          unsubscribeUrl,
        }),
        unsubscribeUrl,
        dedupeKey: mail.dedupeKey,
        notBefore: mail.notBefore ?? null,
      };
    }),
  );
}

import { Router } from 'express';
import { simpleParser } from 'mailparser';
import type pg from 'pg';
import {
  MAIL_MESSAGES,
  mailListQuerySchema,
  type MailList,
  type MailListItem,
  type MailMessage,
} from '@playtime/shared/contract/email';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';

interface CaughtRow {
  id: number;
  to_address: string;
  subject: string;
  kind: string | null;
  received_at: Date;
}

/** The raw mail's header lines, unfolded (RFC 5322: a line starting with white space continues the last). */
function headersOf(raw: string): { name: string; value: string }[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const lines = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  return lines.flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [{ name: line.slice(0, colon), value: line.slice(colon + 1).trim() }] : [];
  });
}

const item = (row: CaughtRow): MailListItem => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  kind: row.kind,
  sentAt: row.received_at.toISOString(),
});

/**
 * The admin's Mail tab (issue #31): what the standalone app's embedded SMTP server caught, newest
 * first. With SMTP_URL set nothing is caught, and the list is empty.
 */
export function mailQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], MAIL_MESSAGES.onlyAdmins);

  router.get('/api/admin/mail', admin, async (req, res) => {
    const { before, limit } = parseBody(mailListQuerySchema, req.query);
    // One more than asked tells whether there is a next page.
    const { rows } = await deps.pool.query<CaughtRow>(
      `SELECT id, to_address, subject, kind, received_at FROM caught_mail
       WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
      [before ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const answer: MailList = { items: page.map(item), next: rows.length > limit ? page.at(-1)!.id : null };
    res.json(answer);
  });

  router.get('/api/admin/mail/:id', admin, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, 'not_found', MAIL_MESSAGES.notFound);
    const { rows } = await deps.pool.query<
      CaughtRow & {
        from_address: string;
        message_id: string | null;
        raw: string;
      }
    >('SELECT * FROM caught_mail WHERE id = $1', [id]);
    const row = rows[0];
    if (!row) throw new ApiError(404, 'not_found', MAIL_MESSAGES.notFound);
    const parsed = await simpleParser(row.raw);
    const answer: MailMessage = {
      ...item(row),
      from: row.from_address,
      messageId: row.message_id,
      text: parsed.text ?? '',
      html: parsed.html || null,
      raw: row.raw,
      headers: headersOf(row.raw),
    };
    res.json(answer);
  });
  return router;
}

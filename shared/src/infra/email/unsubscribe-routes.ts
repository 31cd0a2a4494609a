/**
 * GET and POST /email/unsubscribe?token= (issue #31). The mail's link opens a page whose button
 * unsubscribes (a GET never does: mail scanners open links); a mail client's one-click unsubscribe
 * (RFC 8058) POSTs `List-Unsubscribe=One-Click` to the same address, which does it at once.
 */
import express, { type Response, type Router } from 'express';
import type pg from 'pg';
import { offersUnsubscribe, UNSUBSCRIBE_TEXTS, unsubscribeLabelOf } from '../../contract/email';
import { alert, escapeHtml, layout } from '../identity/embedded-provider/pages';
import { readUnsubscribeToken } from './unsubscribe-tokens';

export const UNSUBSCRIBE_PATH = '/email/unsubscribe';

export function unsubscribeRoutes(options: { pool: pg.Pool; unsubscribeKey: string }): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '2kb' });
  const page = (res: Response, status: number, body: string) =>
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('Referrer-Policy', 'no-referrer')
      .send(
        layout(
          UNSUBSCRIBE_TEXTS.title,
          `<section class="card" aria-labelledby="title"><h1 id="title">${escapeHtml(UNSUBSCRIBE_TEXTS.title)}</h1>${body}</section>`,
        ),
      );
  const tokenOf = (value: unknown) =>
    readUnsubscribeToken(options.unsubscribeKey, typeof value === 'string' ? value : '');

  router.get(UNSUBSCRIBE_PATH, (req, res) => {
    const token = tokenOf(req.query.token);
    if (!token) return page(res, 400, alert(UNSUBSCRIBE_TEXTS.invalid));
    const label = unsubscribeLabelOf(token.kind);
    if (!label) return page(res, 400, alert(UNSUBSCRIBE_TEXTS.notOffered));
    page(
      res,
      200,
      `<p class="dimmed">${escapeHtml(UNSUBSCRIBE_TEXTS.confirm(label))}</p>
       <form method="post" action="${escapeHtml(req.originalUrl)}">
         <button type="submit" class="button">${escapeHtml(UNSUBSCRIBE_TEXTS.button)}</button>
       </form>`,
    );
  });
  router.post(UNSUBSCRIBE_PATH, form, async (req, res) => {
    const token = tokenOf(req.query.token);
    if (!token) return page(res, 400, alert(UNSUBSCRIBE_TEXTS.invalid));
    if (!offersUnsubscribe(token.kind)) return page(res, 400, alert(UNSUBSCRIBE_TEXTS.notOffered));
    await options.pool.query(
      'INSERT INTO email_unsubscribes (account_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [token.accountId, token.kind],
    );
    page(res, 200, `<p role="status">${escapeHtml(UNSUBSCRIBE_TEXTS.done)}</p>`);
  });
  return router;
}

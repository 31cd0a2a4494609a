import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '../../contract/email';
import type { Queryable } from '../db/pool';

/**
 * An unsubscribe link carries `account.kind.signature`: the HMAC proves Playtime made it for that
 * account and kind, so nobody turns off someone else's mail by guessing. It never expires: an
 * unsubscribe link must keep working in an old mail (RFC 8058 asks no less).
 */
export async function loadUnsubscribeKey(db: Queryable): Promise<string> {
  await db.query('INSERT INTO email_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'unsubscribe-key',
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM email_secrets WHERE name = 'unsubscribe-key'");
  return rows[0]!.value;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function unsubscribeToken(key: string, accountId: string, kind: EmailKind): string {
  const payload = `${Buffer.from(accountId).toString('base64url')}.${kind}`;
  return `${payload}.${sign(key, payload)}`;
}

export function readUnsubscribeToken(key: string, token: string): { accountId: string; kind: EmailKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [account = '', kind = '', signature = ''] = parts;
  const expected = Buffer.from(sign(key, `${account}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  return { accountId: Buffer.from(account, 'base64url').toString(), kind: kind as EmailKind };
}

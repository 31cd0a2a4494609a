/**
 * The deployment's VAPID keys (RFC 8292): they sign every push, and browsers subscribe with the public
 * one. A distributed run takes them from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; otherwise the first
 * start makes a pair and keeps it where the deployment keeps its other generated secrets (email_secrets,
 * beside the unsubscribe key), so every process of the deployment, and every restart, signs alike.
 */
import webpush from 'web-push';
import type { Queryable } from '../db/pool';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address a push service can reach the sender at. */
  subject: string;
}

export interface VapidSettings {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  MAIL_FROM: string;
}

/** The subject when none is configured: the From address of the deployment's mail. */
function subjectOf(settings: VapidSettings): string {
  if (settings.VAPID_SUBJECT) return settings.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(settings.MAIL_FROM)?.[1] ?? settings.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

export async function loadVapidKeys(db: Queryable, settings: VapidSettings): Promise<VapidKeys> {
  const subject = subjectOf(settings);
  if (settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY)
    return { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY, subject };
  const made = webpush.generateVAPIDKeys();
  await db.query('INSERT INTO email_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'vapid-keys',
    JSON.stringify(made),
  ]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM email_secrets WHERE name = 'vapid-keys'");
  const kept = JSON.parse(rows[0]!.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}

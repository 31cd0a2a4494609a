/**
 * Web Push (issue #46): the calls that subscribe a device, the payload every push carries (the service
 * worker shows it), and the profile's texts for it. A subscription is a secret of its user (DESIGN §9):
 * it lives in a table beside the notifications read model, not in the event log.
 */
import { z } from 'zod';
import { PUSH_MESSAGES } from './push-texts';

// The calls' paths, the messages and the profile's texts live in push-texts.ts (no schemas there, so the
// profile's Push switch loads no schema library); every importer of this module keeps finding them here.
export * from './push-texts';

/**
 * What a push carries, JSON-encoded and encrypted (RFC 8291 aes128gcm); the service worker parses it
 * with this schema, shows it and opens `url` (an app path, '/game-details/…'). A later push with the
 * same `tag` replaces the earlier notification on the device (one offer, one notification).
 */
export const pushPayloadSchema = z.object({
  title: z.string().min(1),
  body: z.string(),
  url: z.string().min(1),
  tag: z.string().min(1).optional(),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** Longest endpoint URL accepted: push services' endpoints are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2000;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** A base64url text that decodes to `bytes` bytes. */
const keyOfBytes = (bytes: number) =>
  z
    .string({ error: PUSH_MESSAGES.badKeys })
    .regex(base64url, PUSH_MESSAGES.badKeys)
    .refine((value) => decodedLength(value) === bytes, PUSH_MESSAGES.badKeys);

const decodedLength = (value: string) => Math.floor((value.replace(/=+$/, '').length * 3) / 4);

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const endpoint = z
  .string({ error: PUSH_MESSAGES.badEndpoint })
  .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.badEndpoint)
  .refine(parsesAsUrl, PUSH_MESSAGES.badEndpoint);

/** POST /api/push-subscriptions: what PushSubscription.toJSON() gives (expirationTime is ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    // p256dh: an uncompressed P-256 point (65 bytes); auth: the 16-byte secret.
    { p256dh: keyOfBytes(65), auth: keyOfBytes(16) },
    { error: PUSH_MESSAGES.badKeys },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/push-subscriptions/delete. */
export const deletePushSubscriptionSchema = z.object({ endpoint });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why an endpoint is refused, or null: it must be https, except a loopback address when the deployment
 * allows it (PUSH_ALLOW_LOOPBACK=1, for a test's local receiver).
 */
export function pushEndpointRefusal(value: string, allowLoopback: boolean): string | null {
  const url = new URL(value);
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return PUSH_MESSAGES.notHttps;
}

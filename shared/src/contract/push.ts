/**
 * Web Push (issue #46): the calls that subscribe a device, the payload every push carries (the service
 * worker shows it), and the profile's texts for it. A subscription is a secret of its user (DESIGN §9):
 * it lives in a table beside the notifications read model, not in the event log.
 */
import { z } from 'zod';

export const PUSH_PUBLIC_KEY_PATH = '/api/push-public-key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push-subscriptions';
export const PUSH_SUBSCRIPTIONS_DELETE_PATH = '/api/push-subscriptions/delete';

/** GET /api/push-public-key: the VAPID public key, base64url, for pushManager.subscribe's applicationServerKey. */
export interface PushPublicKey {
  publicKey: string;
}

/** What a push carries, JSON-encoded and encrypted (RFC 8291 aes128gcm); the service worker shows it and opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  /** An app path ('/game-details/…'): the notification's link. */
  url: string;
  /** Replaces an earlier push with the same tag on the device (one offer, one notification). */
  tag?: string;
}

export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});

/** Longest endpoint URL accepted: push services' endpoints are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2000;

export const PUSH_MESSAGES = {
  badEndpoint: 'endpoint must be the https URL the browser gave for this subscription.',
  notHttps: 'endpoint must be an https URL: push services only take encrypted connections.',
  badKeys:
    'keys must hold the subscription\'s "p256dh" (a P-256 public key) and "auth" (16 bytes), both base64url, as the browser gave them.',
  unsupported: 'This browser cannot receive push notifications. Playtime reaches you in the app and by email.',
  denied: 'Notifications are blocked for Playtime in this browser. Allow them in the site settings, then try again.',
} as const;

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

/** The profile's push texts. */
export const PUSH_UI_TEXTS = {
  column: 'Push',
  turnOn: 'Turn on push on this device',
  turningOn: 'Turning on push…',
  on: 'Push is on for this device.',
  help: 'Push reaches this device even when Playtime is closed. Offers of a freed spot come first.',
  quietHours:
    'Quiet hours: between 22:00 and 08:00 your time, news of a game more than 16 hours away waits until 08:00.',
  failed: 'Push could not be turned on. Try again.',
} as const;

/**
 * Web Push's paths, messages and the profile's texts (issue #46), apart from the calls' schemas (push.ts,
 * which re-exports all of this), so the profile's Push switch downloads no schema library.
 */
export const PUSH_PUBLIC_KEY_PATH = '/api/push-public-key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push-subscriptions';
export const PUSH_SUBSCRIPTIONS_DELETE_PATH = '/api/push-subscriptions/delete';

/** GET /api/push-public-key: the VAPID public key, base64url, for pushManager.subscribe's applicationServerKey. */
export interface PushPublicKey {
  publicKey: string;
}

export const PUSH_MESSAGES = {
  badEndpoint: 'endpoint must be the https URL the browser gave for this subscription.',
  notHttps: 'endpoint must be an https URL: push services only take encrypted connections.',
  badKeys:
    'keys must hold the subscription\'s "p256dh" (a P-256 public key) and "auth" (16 bytes), both base64url, as the browser gave them.',
  unsupported: 'This browser cannot receive push notifications. Playtime reaches you in the app and by email.',
  denied: 'Notifications are blocked for Playtime in this browser. Allow them in the site settings, then try again.',
} as const;

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
  /** No service worker took charge of the page (it is registered at /sw.js once the app is installable). */
  noWorker: 'Playtime’s app is not ready in this browser yet. Reload the page, then try again.',
} as const;

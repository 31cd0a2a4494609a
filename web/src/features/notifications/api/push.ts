import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PUSH_MESSAGES,
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  PUSH_UI_TEXTS,
  type PushPublicKey,
} from '@playtime/shared/contract/push-texts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notificationKeys } from './notifications';

/** How long the page waits for a service worker to take charge of it (it registers /sw.js when it loads). */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** Why push cannot be turned on here, said to the person; thrown by subscribeThisDevice. */
export class PushUnavailable extends Error {}

/** Whether this browser can receive push at all (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** A base64url text as the bytes pushManager.subscribe takes for its applicationServerKey. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function readyWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushUnavailable(PUSH_UI_TEXTS.noWorker)), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the person's permission, subscribes this browser with the deployment's VAPID key (through the
 * service worker that controls the page) and hands the subscription to Playtime.
 */
async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailable(PUSH_MESSAGES.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable(PUSH_MESSAGES.denied);
  const [{ publicKey }, registration] = await Promise.all([apiGet<PushPublicKey>(PUSH_PUBLIC_KEY_PATH), readyWorker()]);
  const options = { userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch {
    // A subscription made with another key (a redeployed app with new keys) must go before a new one.
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  await apiPost(PUSH_SUBSCRIPTIONS_PATH, subscription.toJSON());
}

/** Turns push on for this device; the preferences then show Push on for the kinds heard in the app. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    // The switch says why under itself (PushOnThisDevice).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}

import { APP_ICON_192 } from '@playtime/shared/contract/app-shell';
import { pushPayloadSchema, type PushPayload } from '@playtime/shared/contract/push';

/**
 * What the service worker does with a Web Push message and with a click on the notification it shows
 * (issue #46). The worker's globals come in as arguments, so a unit test drives these with fakes.
 */

/** The part of the worker's registration a push needs. */
export interface NotificationShower {
  showNotification(title: string, options: NotificationOptions): Promise<void>;
}

/** A window of the app the worker can see (a WindowClient). */
export interface AppWindow {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The part of the worker's `clients` a click needs. */
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * The payload of a push, or undefined when it is not one the app sends (no JSON, a field missing): a
 * browser counts a push that shows no notification against the site, but a malformed one has nothing to show.
 */
export function parsePushPayload(text: string | undefined): PushPayload | undefined {
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = pushPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Shows a push as a notification: its text, its tag, the app's icon, and the address to open on a click. */
export async function showPush(registration: NotificationShower, text: string | undefined): Promise<void> {
  const payload = parsePushPayload(text);
  if (!payload) return;
  await registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: APP_ICON_192,
    data: { url: payload.url },
  });
}

/**
 * The address a notification opens, made absolute against the app's origin. Only the app's own pages: a
 * payload naming another site opens the app's start page instead.
 */
export function notificationTarget(data: unknown, appOrigin: string): string {
  const start = new URL('/', appOrigin).href;
  const url = (data as { url?: unknown } | null | undefined)?.url;
  if (typeof url !== 'string') return start;
  try {
    const target = new URL(url, appOrigin);
    return target.origin === new URL(appOrigin).origin ? target.href : start;
  } catch {
    return start;
  }
}

/**
 * A click on a notification: an open window of the app is brought forward and shown the notification's
 * page (one already on it first: a person rarely wants a second copy of the app); with none open, or
 * one the worker may not steer (a window it does not control refuses navigate()), a new window opens there.
 */
export async function openNotificationTarget(windows: AppWindows, data: unknown, appOrigin: string): Promise<void> {
  const target = notificationTarget(data, appOrigin);
  const open = (await windows.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (window) => new URL(window.url).origin === new URL(appOrigin).origin,
  );
  const appWindow = open.find((window) => window.url === target) ?? open[0];
  if (!appWindow) {
    await windows.openWindow(target);
    return;
  }
  await appWindow.focus();
  if (appWindow.url === target) return;
  try {
    await appWindow.navigate(target);
  } catch {
    await windows.openWindow(target);
  }
}

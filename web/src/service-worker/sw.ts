/// <reference lib="webworker" />
/**
 * The app's service worker (issue #46), built by vite-plugin-pwa (injectManifest) to /sw.js. It keeps
 * the app shell (index.html) and every file of the build, so the app opens without a network; it
 * never answers an API call, a login page or the live connection: those always go to the server.
 * A new version installs beside the running one and waits until the person chooses 'Reload' (the page
 * posts SKIP_WAITING_MESSAGE), so a page in use keeps the files it was built with.
 */
import { SKIP_WAITING_MESSAGE } from '@playtime/shared/contract/app-shell';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openNotificationTarget, showPush } from './push-handlers';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Only the files by their own names: '/' is a page of the app, answered as every other one below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** Paths the server answers itself, not with the app: the API, the identity provider, the socket, calendar feeds. */
const SERVER_PATHS = [/^\/api\//, /^\/oidc\//, /^\/socket\.io\//, /^\/calendar\//];
const shell = createHandlerBoundToURL('/index.html');

/**
 * A page of the app: from the server while it answers (its headers name the page's code and data, and
 * a new deploy shows at once), else the kept shell, which says the app is offline. No navigation
 * preload: a login page (denylisted, answered by the browser itself) would then be asked for twice.
 */
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetch(options.request);
      } catch {
        return shell(options);
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self.registration, event.data?.text()));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationTarget(self.clients, event.notification.data, self.location.origin));
});

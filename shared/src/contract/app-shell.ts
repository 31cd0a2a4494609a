/**
 * Issue #46: the installable app. Where its manifest and service worker are served, how a page tells a
 * waiting worker to take over, and the texts of the app's offline and update states. No schema here:
 * every page's first load imports this.
 */

/** The service worker's address: at the root, so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The message a page posts to a waiting service worker when the person chooses to reload into the new version. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** The app's name in the manifest and its theme colour (the primary green, pitch 8 in the web theme). */
export const APP_NAME = 'Playtime: pick-up football';
export const APP_SHORT_NAME = 'Playtime';
export const APP_THEME_COLOR = '#17803f';
export const APP_BACKGROUND_COLOR = '#ffffff';

/** The icon a pushed notification shows (the manifest's 192 px icon). */
export const APP_ICON_192 = '/icons/icon-192.png';

export const OFFLINE_TEXT = 'You are offline. What you see may be out of date until the connection is back.';
/** Shown with a Reload button when a new version has been deployed: 'A new version is ready — Reload'. */
export const NEW_VERSION_READY = 'A new version is ready';
export const RELOAD_LABEL = 'Reload';

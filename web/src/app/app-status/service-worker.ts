import { SERVICE_WORKER_PATH, SKIP_WAITING_MESSAGE } from '@playtime/shared/contract/app-shell';

/**
 * The page's side of the app's service worker (issue #46, src/service-worker/sw.ts): registers it once the
 * page has loaded, and knows when a new version waits to take over. A new version never takes over by
 * itself: the person chooses when (reloadIntoNewVersion), so a page in use is not swapped under them.
 */

/** How often an open page asks whether a new version was deployed (the browser also asks on each visit). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let waitingWorker: ServiceWorker | undefined;
let reloadRequested = false;
let registrationStarted = false;
const listeners = new Set<() => void>();

function offerUpdate(worker: ServiceWorker): void {
  // Without a controller this is the first install: the page already runs the newest version.
  if (!navigator.serviceWorker.controller) return;
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** Whether a new version has installed and waits for the person's Reload. */
export function updateReady(): boolean {
  return waitingWorker !== undefined;
}

export function onUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the waiting version take over; the page reloads into it once it controls the page. */
export function reloadIntoNewVersion(): void {
  const worker = waitingWorker;
  // Another tab's Reload may have activated it already: then only this page is left to reload.
  if (!worker || worker.state === 'activated') {
    window.location.reload();
    return;
  }
  reloadRequested = true;
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  if (registration.waiting) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerUpdate(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
}

/**
 * Registers the service worker after the page's load event: installing it fetches every file of the
 * build, which must not compete with the first page's own. Not in development (Vite's server builds no worker).
 */
export function registerServiceWorker(): void {
  if (registrationStarted || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  registrationStarted = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadRequested) window.location.reload();
  });
  const start = () =>
    void register().catch((error: unknown) => console.warn('The service worker did not register', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

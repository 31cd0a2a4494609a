import type { NotificationData } from '@mantine/notifications';

/**
 * Mantine's notifications (and their transitions) load with the first one shown, not with the first
 * page: most visits show none. What is shown before the library arrives waits in its store, and the
 * app's <NotificationsOutlet /> mounts the list once anything has asked for it.
 */
const loadLibrary = () => import('@mantine/notifications');
let library: ReturnType<typeof loadLibrary> | undefined;
const requestListeners = new Set<() => void>();

export function notificationsRequested(): boolean {
  return library !== undefined;
}

export function onNotificationsRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Shows a notification (Mantine's data), loading the library on first use. */
export function notify(notification: NotificationData): void {
  if (!library) {
    library = loadLibrary();
    library.catch(() => {
      library = undefined; // the next notification tries again
    });
    for (const listener of requestListeners) listener();
  }
  library.then(
    ({ notifications }) => notifications.show(notification),
    (error: unknown) => console.warn('Notifications could not be loaded', error),
  );
}

/** Shows a failure to the user; the message is the server's (or the spec's) text, unchanged. */
export function notifyError(message: string, title = 'Something went wrong'): void {
  notify({ color: 'red', title, message, autoClose: 6000 });
}

export function notifySuccess(message: string): void {
  notify({ color: 'green', message, autoClose: 3000 });
}

/** The message a person should see for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

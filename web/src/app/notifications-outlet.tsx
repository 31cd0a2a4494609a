import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsRequested, onNotificationsRequested } from '../lib/notify';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The notifications' list, mounted (and its code loaded) once the first notification is shown (lib/notify.ts). */
export function NotificationsOutlet() {
  const requested = useSyncExternalStore(onNotificationsRequested, notificationsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1000} />
    </Suspense>
  );
}

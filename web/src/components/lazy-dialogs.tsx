import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Mantine's dialog frames, loaded when a page first opens one: a modal or drawer brings its focus trap,
 * scroll lock and scroll area (about 25 KB gzipped), which a page that only might open one should not
 * download before it shows.
 */
export const LazyModal = lazy(() => import('./dialog-frames').then((module) => ({ default: module.Modal })));
export const LazyDrawer = lazy(() => import('./dialog-frames').then((module) => ({ default: module.Drawer })));

/**
 * Mounts a lazily loaded dialog when it is first opened and keeps it mounted after, so it can animate
 * closed and give focus back. It opens one render after mounting closed: a Mantine modal notes the
 * control that opened it when `opened` turns true, to give it focus back on close.
 */
export function WhenFirstOpened({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenedAfterMount opened={opened}>{children}</OpenedAfterMount>
    </Suspense>
  );
}

function OpenedAfterMount({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return children(opened && mounted);
}

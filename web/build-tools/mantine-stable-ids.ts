import type { Plugin } from 'vite';
import { vendorModulePatch } from './vendor-module-patch';

/** Mantine's id hook, as the package's ES build lays it out. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` gives a component React's id on its first render, then a random one from a layout
 * effect: every input and select renders a second time, synchronously, right after it mounts, and
 * every dialog, menu and popover as it opens. On the search page that second pass
 * took a fifth to a quarter of the first render's time (React's profiler, 4× slower CPU), before the
 * first paint. The random id guards against two React roots in one document; this app has one root
 * (main.tsx), where React's own id is unique. The build gives the hook React's id for good, so
 * nothing renders twice.
 */
const STABLE_USE_ID = `
import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function mantineStableIds(): Plugin {
  // A Mantine release that moved or renamed the hook must not pass silently: the page would render twice again.
  return vendorModulePatch({
    name: 'mantine-stable-ids',
    what: "@mantine/hooks' use-id module",
    module: MANTINE_USE_ID,
    patch: () => STABLE_USE_ID,
  });
}

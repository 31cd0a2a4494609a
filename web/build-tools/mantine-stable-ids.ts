import type { Plugin } from 'vite';

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
  let replaced = false;
  return {
    name: 'playtime:mantine-stable-ids',
    apply: 'build',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      replaced = true;
      return STABLE_USE_ID;
    },
    buildEnd(error) {
      // A Mantine release that moved or renamed the hook must not pass silently: the page would render twice again.
      if (!error && !replaced) this.error(`@mantine/hooks' use-id module was not found (${MANTINE_USE_ID}).`);
    },
  };
}

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import {
  APP_BACKGROUND_COLOR,
  APP_ICON_192,
  APP_NAME,
  APP_SHORT_NAME,
  APP_THEME_COLOR,
} from '../shared/src/contract/app-shell';
import { firstPageChunkName, isPlanningBuild, planFirstPageChunks } from './build-tools/first-page-chunks';
import { mantineComponentStyles } from './build-tools/mantine-component-styles';
import { mantineStableIds } from './build-tools/mantine-stable-ids';
import { auth0Sdk } from './build-tools/auth0-sdk';

// The backend (command-api, read-api, embedded identity provider) listens on :3000 in development;
// proxying keeps the browser on one origin, so the XSRF cookie, the socket and the API share it.
const backend = 'http://localhost:3000';
/** The chunks every page runs as it starts (the code-splitting groups below). */
const EAGER_CHUNKS = new Set(['index', 'react']);
const webModule = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/**
 * The first pages (those of FIRST_PAGES in read-api/src/web-app.ts), and the parts of the frame a
 * signed-in member loads on every page: each loads a few chunks of its own (build-tools/first-page-chunks.ts).
 */
const FIRST_LOADS = {
  landing: [webModule('src/features/landing/landing-page.tsx')],
  game: [webModule('src/features/games/game-details-page.tsx')],
  // The results load as the member types a place: what the page is for.
  search: [webModule('src/features/games/search-page.tsx'), webModule('src/features/games/play/search-results.tsx')],
  member: [
    webModule('src/app/layout/bell-with-chats.tsx'),
    webModule('src/features/notifications/notification-bell.tsx'),
    webModule('src/features/users/current-user-sync.tsx'),
    webModule('src/features/partner-applications/partner-claim-notice.tsx'),
  ],
};

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // A production build first builds in memory to learn which modules each first page starts with.
  const planning = isPlanningBuild();
  const firstPagePlan =
    command === 'build' && !planning ? await planFirstPageChunks(webModule('vite.config.ts'), FIRST_LOADS) : undefined;
  return {
    // Pinned so `vite build` behaves the same from the repository root and from web/.
    root: webModule('.'),
    // Every file of the build also as .br and .gz beside it: the server sends what the browser accepts
    // without compressing on each request (read-api/src/web-app.ts).
    plugins: [
      mantineComponentStyles(webModule('src/app/mantine-base.css')),
      mantineStableIds(),
      auth0Sdk(),
      react(),
      // The planning build writes nothing: it needs no compressed copies nor a service worker.
      !planning && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0 }),
      // Issue #46: the installable app. /manifest.webmanifest (linked from index.html by the plugin) and
      // /sw.js, built from src/service-worker/sw.ts with the list of the build's files to keep injected.
      // The page registers the worker itself (src/app/app-status/service-worker.ts).
      !planning &&
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src/service-worker',
          filename: 'sw.ts',
          injectRegister: false,
          // Of the icons only the one notifications show is kept (globPatterns below): the others are the launcher's.
          includeManifestIcons: false,
          manifest: {
            name: APP_NAME,
            short_name: APP_SHORT_NAME,
            description: 'Find and join pick-up football games, rent field slots, run games live.',
            id: '/',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            theme_color: APP_THEME_COLOR,
            background_color: APP_BACKGROUND_COLOR,
            icons: [
              { src: APP_ICON_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
              { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
          },
          injectManifest: {
            // The shell, every script and style sheet, and the pictures the pages draw with (not the .br/.gz copies).
            globPatterns: ['**/*.{html,js,css,svg,png,ico}'],
            globIgnores: ['sw.js', 'icons/icon-180.png', 'icons/icon-512.png', 'icons/maskable-*.png'],
            // Named by their content's hash: fetched as they are (the browser's cache may already hold them).
            dontCacheBustURLsMatching: /^assets\//,
          },
        }),
    ],
    resolve: {
      // One copy of each, so every Mantine package sees the same MantineProvider context. npm places a
      // second copy when the Mantine packages' versions drift apart: keep them on one version.
      dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: the server names a first page's chunks in its response (read-api/src/web-app.ts).
      manifest: true,
      rolldownOptions: {
        output: {
          // V8 compiles a function when first called, on the main thread, unless told to compile the whole
          // file in the background while it downloads. Every page calls most of the entry's and React's
          // functions as it starts: Chromium's explicit compile hint (this comment at the top of the file,
          // after the build's own first line in the entry) moves that work off the main thread, where it
          // was most of a long task before the first paint (tests/browser/web-delivery.test.ts).
          postBanner: (chunk) => (EAGER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
          // React and the router change far less often than the app and every page needs them: a chunk of
          // their own stays cached across deploys. Other libraries go with the pages that use them (the
          // first pages' chunks below, or where rolldown puts them), so a page loads only what it renders (a
          // 'vendor' chunk of every library would bring payments, the scheduler's and the admin's
          // libraries to the landing page).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
              // What dialogs, popovers and scroll areas need (floating-ui, the focus trap,
              // Mantine's ScrollArea; the scroll lock stays, the header uses it): left to rolldown they shared a chunk with small parts every page uses
              // (VisuallyHidden, Portal), so the game page downloaded them (22 KB gzipped) to show none.
              // Only these modules: their dependencies (Box, the styles API) stay where every page has them.
              {
                name: 'overlays',
                test: /node_modules[\\/](@floating-ui|@mantine[\\/]core[\\/]esm[\\/]components[\\/](ScrollArea|FocusTrap|ModalBase|Overlay)|@mantine[\\/]hooks[\\/]esm[\\/]use-focus-(trap|return))[\\/]/,
                includeDependenciesRecursively: false,
                priority: 20,
              },
              // Everything the entry imports statically, in one chunk with it. Every page runs these at start
              // anyway, but rolldown splits off each one a lazy page also imports: 15 to 40 small scripts
              // before the first paint, each a request (six at a time over HTTP/1.1) and a module to link.
              // Only the entry's own modules: their dependencies are the entry's too.
              { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false, priority: 10 },
              // Then what each first page runs as it starts, in the chunks of the first pages sharing it. Only
              // those modules: what they import is in the plan too, with the pages that run it.
              ...(firstPagePlan
                ? [{ name: firstPageChunkName(firstPagePlan), includeDependenciesRecursively: false, priority: 5 }]
                : []),
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: backend, changeOrigin: false },
        '/oidc': { target: backend, changeOrigin: false },
        '/socket.io': { target: backend, ws: true, changeOrigin: false },
        '/calendar': { target: backend, changeOrigin: false },
      },
    },
  };
});

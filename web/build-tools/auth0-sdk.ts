import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { withFrameAddressFirst } from './auth0-silent-frame';
import { withWebLocks } from './auth0-web-locks';
import { vendorModulePatch } from './vendor-module-patch';

/** The identity SDK's ES build, the one file the app imports it from. */
const AUTH0_SPA_JS = /[\\/]@auth0[\\/]auth0-spa-js[\\/]dist[\\/]auth0-spa-js\.production\.esm\.js$/;

/** That file's source as installed: what the patches' tests run them on. */
export function installedSdkBuild(): string {
  const manifest = createRequire(import.meta.url).resolve('@auth0/auth0-spa-js/package.json');
  return readFileSync(path.join(path.dirname(manifest), 'dist/auth0-spa-js.production.esm.js'), 'utf8');
}

/**
 * The identity SDK (@auth0/auth0-spa-js, pinned at 2.11.3 for its size) in the production build: its
 * lock on Web Locks, as its releases from 2.2x on have, and its hidden frame given its address before
 * it joins the page (each patch's module says why). The dev server keeps the SDK as it is.
 */
export function auth0Sdk(): Plugin {
  return vendorModulePatch({
    name: 'auth0-sdk',
    what: "@auth0/auth0-spa-js's ES build",
    module: AUTH0_SPA_JS,
    patch: (source) => withFrameAddressFirst(withWebLocks(source)),
  });
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { SERVICE_WORKER_PATH } from '@playtime/shared/contract/app-shell';

/** Where `npm run build` (the web workspace's vite build) writes the app; every process serving it reads it there. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** Vite names every file under assets/ by its content's hash: a new build never reuses a name. */
const HASHED_ASSETS = '/assets/';
const A_YEAR_IN_SECONDS = 365 * 24 * 3600;

/**
 * The pages a newcomer opens first, by the module the web app's router loads for them: their code is
 * named in the index page's response (a Link header), so the browser fetches it beside the entry instead
 * of after the entry has run and asked for it (the web app's router knows them as `preloadedByServer`).
 * Other pages load on first visit only. A page's public data goes the same way: the game page's is what
 * it shows first (its title), and would otherwise be asked for only once the entry has run. The web app
 * asks for it exactly as preloaded (apiGetPreloaded), so the browser answers with the same response.
 * The web app's build gives these pages few chunks of their own (FIRST_LOADS in web/vite.config.ts).
 */
const FIRST_PAGES: ReadonlyArray<{
  path: RegExp;
  module: string;
  data?: (match: RegExpExecArray) => string | undefined;
}> = [
  {
    path: /^\/game-details\/([^/]+)\/?$/,
    module: 'src/features/games/game-details-page.tsx',
    // Ids are uuids: another address is no game, and written as the app would write it is not worth guessing.
    data: (match) => (/^[\w-]+$/.test(match[1]!) ? `/api/get-game-data?gameId=${match[1]}` : undefined),
  },
  { path: /^\/search\/?$/, module: 'src/features/games/search-page.tsx' },
  { path: /^\/$/, module: 'src/features/landing/landing-page.tsx' },
];

/** A chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The Link header for each first page: its chunks and style sheets that the index page does not already load. */
function firstPageLinks(
  distDir: string,
): Array<{ path: RegExp; link: string; data?: (match: RegExpExecArray) => string | undefined }> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loadedByIndex = closure('index.html');
  return FIRST_PAGES.filter((page) => manifest[page.module]).map((page) => {
    const chunks = [...closure(page.module)].filter((key) => !loadedByIndex.has(key)).map((key) => manifest[key]!);
    // The entry's own chunks first, in the order the index page names them (React among the first): the
    // page's code runs only after the entry has, and a browser on HTTP/1.1 fetches six files at a time
    // in the order it learns of them, so the page's twenty small files would otherwise go first.
    const entryChunks = [...loadedByIndex].map((key) => manifest[key]!);
    const scripts = [...entryChunks, ...chunks].map((chunk) => `</${chunk.file}>; rel=modulepreload`);
    // `crossorigin` as the app's loader asks for them (Vite's preload helper): otherwise the browser fetches each twice.
    const styles = chunks
      .flatMap((chunk) => chunk.css ?? [])
      .map((file) => `</${file}>; rel=preload; as=style; crossorigin`);
    return { path: page.path, link: [...scripts, ...styles].join(', '), data: page.data };
  });
}

/**
 * Serves the built single-page app: files as the build precompressed them (brotli, else gzip, else
 * plain, as the browser accepts), hashed assets cached for a year as immutable, and the index page for
 * every client-side route (/profile, /game-details/42, ...), so a reload on any page works. A missing
 * file is a real 404: a tab left open across a deploy asks for an old chunk, and must learn it is gone
 * (the app then reloads itself) instead of getting the index page as JavaScript.
 */
export function webAppRoutes(distDir: string): Router {
  const router = Router();
  const index = path.join(distDir, 'index.html');
  const pageLinks = firstPageLinks(distDir);
  const serveFiles = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res: ServerResponse, filePath: string) => res.setHeader('Cache-Control', cachingOf(filePath)),
    },
  });
  /**
   * The index page changes with every deploy and names the assets of the build: always asked again. So
   * is the service worker (issue #46): a new version of it is how an installed app learns of a deploy.
   */
  const alwaysAskedAgain = new Set([index, path.join(distDir, SERVICE_WORKER_PATH)]);
  const cachingOf = (filePath: string) => {
    if (filePath.startsWith(path.join(distDir, HASHED_ASSETS)))
      return `public, max-age=${A_YEAR_IN_SECONDS}, immutable`;
    return alwaysAskedAgain.has(filePath.replace(/\.(br|gz)$/, '')) ? 'no-cache' : 'public, max-age=3600';
  };
  router.use(serveFiles);
  router.get(/^\/(?!api\/|socket\.io\/).*/, (req, res, next) => {
    // Only app routes have no file name: '/assets/old.js', '/favicon.png' or '/sitemap.xml' are files that are not there.
    if (req.path.startsWith(HASHED_ASSETS) || path.extname(req.path) !== '') {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!existsSync(index)) return next();
    const firstPage = pageLinks
      .map((page) => ({ page, match: page.path.exec(req.path) }))
      .find(({ match }) => match !== null);
    if (firstPage?.match) {
      const { page, match } = firstPage;
      // `crossorigin`: the mode and credentials of the app's fetch(), without which the browser would not reuse it.
      const data = page.data?.(match);
      const dataLink = data ? `<${data}>; rel=preload; as=fetch; crossorigin` : '';
      res.setHeader('Link', [dataLink, page.link].filter(Boolean).join(', '));
    }
    // The index page, precompressed like every other file of the build.
    req.url = '/index.html';
    serveFiles(req, res, next);
  });
  return router;
}

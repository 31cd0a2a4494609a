import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from './web-app';

/** A build as Vite and its compression plugin leave it: every file with .br and .gz beside it. */
function writeBuild(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  }
}

describe('serving the built web app', () => {
  let dist: string;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'playtime-dist-'));
    writeBuild(dist, {
      'index.html': '<!doctype html><div id="root"></div>'.repeat(20),
      'assets/app-3f2a1b.js': 'console.log("the app");'.repeat(50),
      'robots.txt': 'User-agent: *',
      'sw.js': 'self.addEventListener("fetch", () => undefined);',
      'manifest.webmanifest': '{"name":"Playtime"}',
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-1a.js', isEntry: true, imports: ['_react-2b.js'] },
        '_react-2b.js': { file: 'assets/react-2b.js' },
        '_card-3c.js': { file: 'assets/card-3c.js', imports: ['_react-2b.js'], css: ['assets/card-3c.css'] },
        'src/features/games/game-details-page.tsx': {
          file: 'assets/game-details-page-4d.js',
          imports: ['index.html', '_react-2b.js', '_card-3c.js'],
        },
        'src/features/landing/landing-page.tsx': {
          file: 'assets/landing-page-5e.js',
          imports: ['index.html', '_react-2b.js'],
          css: ['assets/landing-page-5e.css'],
        },
      }),
    });
    const app = express().use(webAppRoutes(dist));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => {
    close?.();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (pathname: string, encoding = 'br, gzip') =>
    fetch(`${url}${pathname}`, { headers: { 'accept-encoding': encoding } });

  it('sends the precompressed file the browser accepts, brotli first', async () => {
    const brotli = await get('/assets/app-3f2a1b.js');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toContain('javascript');
    expect(await brotli.text()).toContain('the app');
    expect((await get('/assets/app-3f2a1b.js', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/assets/app-3f2a1b.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('the app');
  });

  it("names a first page's data, the entry's chunks, then the page's own in a Link header, for that page only", async () => {
    const game = await get('/game-details/42');
    expect(game.status).toBe(200);
    const links = game.headers.get('link')!.split(', ');
    // The entry's chunks first (a browser on HTTP/1.1 fetches six at a time in the order named), and
    // style sheets with crossorigin, as the app's loader asks for them.
    expect(links).toEqual([
      '</api/get-game-data?gameId=42>; rel=preload; as=fetch; crossorigin',
      '</assets/index-1a.js>; rel=modulepreload',
      '</assets/react-2b.js>; rel=modulepreload',
      '</assets/game-details-page-4d.js>; rel=modulepreload',
      '</assets/card-3c.js>; rel=modulepreload',
      '</assets/card-3c.css>; rel=preload; as=style; crossorigin',
    ]);
    // An address that is no game id is not asked for.
    expect((await get('/game-details/a%20b')).headers.get('link')).not.toContain('get-game-data');
    // The landing page's code is a chunk of its own, named beside the entry's.
    expect((await get('/')).headers.get('link')!.split(', ')).toEqual([
      '</assets/index-1a.js>; rel=modulepreload',
      '</assets/react-2b.js>; rel=modulepreload',
      '</assets/landing-page-5e.js>; rel=modulepreload',
      '</assets/landing-page-5e.css>; rel=preload; as=style; crossorigin',
    ]);
    expect((await get('/profile')).headers.get('link')).toBeNull();
    // The manifest is the build's own, not a file of the site.
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('caches hashed assets for a year as immutable, the index page never without asking again', async () => {
    expect((await get('/assets/app-3f2a1b.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
    for (const route of ['/', '/profile', '/game-details/42']) {
      const page = await get(route);
      expect(page.status, route).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('has the service worker asked for again on every update check, and the manifest served as one (issue #46)', async () => {
    for (const encoding of ['br', 'identity']) {
      const worker = await get('/sw.js', encoding);
      expect(worker.headers.get('content-type')).toContain('javascript');
      expect(worker.headers.get('cache-control'), encoding).toBe('no-cache');
    }
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toContain('application/manifest+json');
  });

  it('answers a missing file with a real 404, not the app page', async () => {
    for (const missing of ['/assets/app-old.js', '/assets/whatever', '/favicon.png', '/sitemap.xml']) {
      const answer = await get(missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.headers.get('content-type')).toContain('text/plain');
    }
    // The API and the socket's paths are not the web app's to answer.
    expect((await get('/api/nothing')).status).toBe(404);
  });
});

/**
 * The built web app as the standalone app delivers it (the browser suite builds it first): compressed,
 * cached by content hash, with real 404s for files that are not there, robots.txt and a favicon; the
 * code every page starts with marked for eager compilation; a first page's code and data named in its
 * response, and each fetched once.
 */
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { browserSuite } from './support/suite';

describe('delivering the web app', () => {
  // The demo data: a game page to open.
  const suite = browserSuite({ env: { SEED_DEMO: 'true' } });

  const get = (pathname: string, encoding = 'br, gzip') =>
    fetch(suite.url(pathname), { headers: { 'accept-encoding': encoding } });

  it('sends the page and every script it names compressed, the scripts cached for a year', async () => {
    const page = await get('/');
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const answer = await get(script, 'gzip');
      expect(answer.status, script).toBe(200);
      expect(answer.headers.get('content-encoding'), script).toBe('gzip');
      expect(answer.headers.get('cache-control'), script).toContain('immutable');
    }
  });

  it('asks V8 to compile the code every page starts with as it downloads, and only that', async () => {
    const html = await (await get('/')).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
    const react = /<link rel="modulepreload" crossorigin href="(\/assets\/react-[^"]+)"/.exec(html)![1]!;
    // At the top: V8 compiles eagerly what follows the hint. Vite's own first line in the entry is a
    // single list of the chunks to preload.
    const hinted = async (script: string) =>
      (await (await get(script)).text()).split('\n', 2).includes('//# allFunctionsCalledOnLoad');
    expect(await hinted(entry)).toBe(true);
    expect(await hinted(react)).toBe(true);
    const gamePageChunk = /\/assets\/game-details-page-[^">]+\.js/.exec(
      (await get('/game-details/00000000-0000-0000-0000-000000000000')).headers.get('link') ?? '',
    )![0];
    expect(await hinted(gamePageChunk)).toBe(false);
  });

  it('starts each first page with a few scripts, not one for each module it shares with other pages', async () => {
    // Left to the bundler, a game's page named 45 scripts: six at a time over HTTP/1.1 on a phone.
    for (const pathname of ['/', '/search', '/game-details/00000000-0000-0000-0000-000000000000']) {
      const links = ((await get(pathname)).headers.get('link') ?? '').split(', ');
      const scripts = links.filter((link) => link.endsWith('rel=modulepreload'));
      expect(scripts.length, pathname).toBeGreaterThan(3);
      expect(scripts.length, pathname).toBeLessThanOrEqual(10);
    }
  });

  it('answers a chunk of an old build with 404, and has robots.txt and a favicon', async () => {
    expect((await get('/assets/index-0ld8u1ld.js')).status).toBe(404);
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('icon');
  });

  it("names a game page's data and code in its response: the entry's chunks first, each fetched once", async () => {
    const games = (await (await get('/api/get-games?latitude=40.77&longitude=-73.99&distance=50')).json()) as Array<{
      game_id: string;
      name: string;
    }>;
    const game = games[0]!;
    const page = await get(`/game-details/${game.game_id}`);
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(await page.text())?.[1];
    const links = (page.headers.get('link') ?? '').split(', ');
    expect(links[0]).toBe(`</api/get-game-data?gameId=${game.game_id}>; rel=preload; as=fetch; crossorigin`);
    expect(links[1]).toBe(`<${entry}>; rel=modulepreload`);
    expect(links.findIndex((link) => link.includes('/game-details-page-'))).toBeGreaterThan(1);
    // Vite's loader asks for a page's style sheets with crossorigin: a preload without it is fetched again.
    for (const style of links.filter((link) => link.includes('as=style'))) expect(style).toMatch(/; crossorigin$/);
    expect((await get('/game-details/not%20an%20id')).headers.get('link')).not.toContain('/api/');

    const { context, page: tab } = await suite.window(PHONE);
    try {
      // No live connection: its catching up after connecting would ask for the game once more.
      await tab.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
      const requested: string[] = [];
      tab.on('request', (request) => requested.push(request.url().replace(suite.app.url, '')));
      await tab.goto(suite.url(`/game-details/${game.game_id}`));
      await tab.getByRole('heading', { level: 1, name: game.name }).waitFor();
      await tab.waitForTimeout(1000);
      expect(requested.filter((url) => url.startsWith('/api/get-game-data'))).toEqual([
        `/api/get-game-data?gameId=${game.game_id}`,
      ]);
      const files = requested.filter((url) => url.startsWith('/assets/'));
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((url, index) => files.indexOf(url) !== index)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

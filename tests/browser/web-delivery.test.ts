/**
 * The built web app as the standalone app delivers it (the browser suite builds it first): compressed,
 * cached by content hash, with real 404s for files that are not there, robots.txt and a favicon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/standalone-app';

describe('delivering the web app', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  const get = (pathname: string, encoding = 'br, gzip') =>
    fetch(`${app.url}${pathname}`, { headers: { 'accept-encoding': encoding } });

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

  it('answers a chunk of an old build with 404, and has robots.txt and a favicon', async () => {
    expect((await get('/assets/index-0ld8u1ld.js')).status).toBe(404);
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('icon');
  });
});

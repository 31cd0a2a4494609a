/**
 * The suite's accessibility check itself: axe-core run in the page finds what is wrong in the page and
 * in a same-origin frame, leaves out a sandboxed frame that runs no scripts, and finds nothing on a
 * clean page, so every `screenshot` and `expectAccessible` in the other suites can fail.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, expectAccessible, launchBrowser, newPage } from './support/browser';

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

describe('the accessibility check', () => {
  let browser: Browser;
  // Pages come from a real origin, as the app's do: axe asks only frames of the page's own origin.
  let server: Server;
  let pages: Record<string, string> = {};
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(pages[request.url ?? ''] ?? ''),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('names each broken rule, in the page and in its frames, twice on the same page', async () => {
    const { context, page } = await newPage(browser);
    pages = {
      '/': PAGE(
        '<input type="text"><iframe title="Framed" src="/framed"></iframe>' +
          '<iframe title="Sandboxed" sandbox="" srcdoc="<img src=&quot;data:,&quot;>"></iframe>',
      ),
      '/framed':
        '<!doctype html><html lang="en"><head><title>Framed</title></head><body><img src="data:,"></body></html>',
    };
    await page.goto(origin, { waitUntil: 'load' });
    for (let check = 0; check < 2; check += 1) {
      const violations = await accessibilityViolations(page);
      expect(violations.map((violation) => violation.id).sort()).toEqual(['image-alt', 'label']);
      expect(violations.find((violation) => violation.id === 'image-alt')!.targets).toEqual([
        'iframe[title="Framed"] img',
      ]);
    }
    await expect(expectAccessible(page)).rejects.toThrow(/axe-core found 2 violation\(s\)/);
    await context.close();
  });

  it('finds nothing on a clean page', async () => {
    const { context, page } = await newPage(browser);
    pages = { '/': PAGE('<label>Name <input type="text"></label>') };
    await page.goto(origin);
    await expectAccessible(page);
    await context.close();
  });
});

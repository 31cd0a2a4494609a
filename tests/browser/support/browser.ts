import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type FileChooser,
  type Frame,
  type Locator,
  type Page,
} from 'playwright-core';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium, the whole browser a person runs: what Lighthouse measures (the bench). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/**
 * What the tests drive: Debian's chromium-headless-shell when installed (.ci/run installs it), the same
 * Chromium build and Blink without the whole browser's own interface; otherwise the whole browser,
 * headless. CI's browser pass is bound by the machine's two cores, most of them Chromium's: ten windows
 * opened on the landing page took 19.2 s of CPU in the whole browser and 14.5 s in the shell (service
 * worker allowed in both). CHROMIUM_PATH, when set, names the one to drive.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
/** The flags this machine's closed network needs: nothing in Chromium may try to reach the internet. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless: the tests' (TEST_CHROMIUM_PATH) unless told which. */
export function launchBrowser(executablePath = TEST_CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A window of its own (cookies, storage), where the app's service worker does not register unless
 * `options` allow it. Each test window is a first visit, and a first visit's worker installs by fetching
 * every file of the build (130 files, 1.6 MB) in the background, which no other test looks at: ten
 * windows on the landing page took 14.5 s of the shell's CPU with it and 5.3 s without. The suites that
 * test the worker itself (offline-app, push-preferences) allow it, in the whole browser (browserSuite).
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', ...options });
}

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * The file choosers `page` opens, caught from the start. Playwright turns on catching them when a
 * listener is added, without waiting for the browser to confirm it: a chooser opened right after
 * `waitForEvent('filechooser')` could still open unseen. Listening for the page's whole life closes
 * that gap; `next()` gives the next chooser opened.
 */
export function catchFileChoosers(page: Page): { next(timeoutMs?: number): Promise<FileChooser> } {
  const opened: FileChooser[] = [];
  const waiting: Array<(chooser: FileChooser) => void> = [];
  page.on('filechooser', (chooser) => {
    const take = waiting.shift();
    if (take) take(chooser);
    else opened.push(chooser);
  });
  return {
    next(timeoutMs = 30_000) {
      const ready = opened.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no file chooser opened within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((chooser) => {
          clearTimeout(timer);
          resolve(chooser);
        });
      });
    },
  };
}

/** Logs in through the app's Log In button and the embedded provider's own page (popup). */
export async function logIn(page: Page, email: string, password = 'playtime'): Promise<void> {
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(password);
  await popup.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 30_000 });
}

/** Types a card into the simulated processor's 'Pay by card' dialog (any future expiry, any CVC). */
export async function fillCard(dialog: Locator, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry').fill('12 / 35');
  await dialog.getByLabel('CVC').fill('123');
}

/** Pays the open 'Pay by card' dialog with 4242… and waits for it to close. */
export async function payByCard(page: Page, amount: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await fillCard(dialog);
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
}

/** WCAG 2.2 A and AA, and axe's best practices: what every screen is held to (issue 27). */
const ACCESSIBILITY_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const AXE_REPORTS = path.resolve(import.meta.dirname, '../../reports/axe');

export interface AccessibilityViolation {
  id: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

/**
 * axe-core in `frame` (a page: its main frame), evaluated once per document. @axe-core/playwright evaluated its 640 KB source
 * again on every check and finished each check in a new blank page: 2.1 s a check on the demo's
 * landing page, against 0.25 s for axe.run in a page that has axe already.
 */
export async function withAxe(frame: Page | Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await frame.evaluate(axe.source);
}

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ACCESSIBILITY_TAGS },
  // Passes and inapplicable rules are not read: only the violations' nodes come back from the page.
  resultTypes: ['violations'],
};

/**
 * What axe-core finds on the page as it is now. axe.run in the top document asks the frames that have
 * axe too; a frame without it (the mail's sandboxed frame runs no scripts) is left out, as the
 * Playwright adapter left it.
 */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  await withAxe(page.mainFrame());
  for (const frame of page.frames().slice(1)) await withAxe(frame).catch(() => undefined);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary ?? violation.help,
  }));
}

/** Fails, naming each rule and where it broke, unless axe-core finds nothing on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0)
    throw new Error(`axe-core found ${violations.length} violation(s):\n${describeViolations(violations)}`);
}

function describeViolations(violations: AccessibilityViolation[]): string {
  return violations
    .map(
      (violation) => `${violation.id} (${violation.impact}) at ${violation.targets.join(', ')}: ${violation.summary}`,
    )
    .join('\n');
}

/**
 * A full-page picture of the screen to look at, and axe-core's findings on it written beside the
 * other reports (tests/reports/axe/<name>.json); fails unless axe finds nothing, so every screen the
 * suite visits is held to WCAG 2.2 AA.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const violations = await accessibilityViolations(page);
  mkdirSync(AXE_REPORTS, { recursive: true });
  writeFileSync(path.join(AXE_REPORTS, `${name}.json`), `${JSON.stringify(violations, null, 2)}\n`);
  if (violations.length > 0)
    throw new Error(`axe-core found ${violations.length} violation(s) on ${name}:\n${describeViolations(violations)}`);
}

/**
 * The screen pictured (and held to axe) at desktop width, then at phone width as `<name>-desktop` and
 * `<name>-phone`; the page is left at desktop width for what the test does next.
 */
export async function screenshotAtBothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** How far the page reaches past the window's right edge (positive: a person could scroll it sideways). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

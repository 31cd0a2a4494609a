/**
 * The fixture every browser suite starts from: the standalone app over a fresh database and Debian's
 * Chromium, started once before the suite's tests and disposed once after them, and the windows its
 * tests open on the app, as a guest or signed in as one of the demo people.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ApiClient } from '../../support/api-client';
import { demoClient } from '../../support/demo-client';
import type { DemoPerson } from '../../support/game-loop';
import { startTestApp, type TestApp } from '../../support/standalone-app';
import { CHROMIUM_PATH, DESKTOP, launchBrowser, logIn, newContext } from './browser';

/** One browser window of its own: its context (cookies, storage) and its page. */
export interface BrowserWindow {
  context: BrowserContext;
  page: Page;
}

export interface SignedInOptions {
  /** The path of the app's page to open and log in on (default the landing page). */
  at?: string;
  /** The window's size once signed in. Logging in happens at desktop width, where the header shows Log Out. */
  viewport?: { width: number; height: number };
  /** The page to go to once signed in and sized. */
  then?: string;
  /** The browser's time zone, where a test reads times as a person in that zone would. */
  timezoneId?: string;
  /** For accounts signed up in the test (the demo people's is the default). */
  password?: string;
  /** Anything else the window's context needs (geolocation, reduced motion). */
  context?: BrowserContextOptions;
}

export interface BrowserSuite {
  /** The running app; read it inside hooks and tests, once started. */
  readonly app: TestApp;
  /** The suite's Chromium; read it inside hooks and tests, once started. */
  readonly browser: Browser;
  /** A path of the app as an address (the app's own address without one). */
  url(path?: string): string;
  /** A fresh window at `viewport`, on nothing yet, nobody signed in. */
  window(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<BrowserWindow>;
  /** A fresh window opened on the app and signed in as `email` through the Log In button. */
  signedIn(email: string, options?: SignedInOptions): Promise<BrowserWindow>;
  /** The page of a signed-in window, for tests that leave its closing to the browser's. */
  signedInPage(email: string, options?: SignedInOptions): Promise<Page>;
  /** A demo person's API client on the app: what a test sets things up with, or acts as another browser. */
  api(who: DemoPerson): Promise<ApiClient>;
}

export interface BrowserSuiteOptions {
  /** The app's environment (computed when the suite starts, when it depends on something started first). */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /**
   * Whether the app's service worker registers in the suite's windows: only for the suites that test it.
   * They run the whole browser, as a person's installed app does: the headless shell shows no notifications.
   */
  serviceWorker?: boolean;
}

/**
 * Registers the suite's app and Chromium: started in a `beforeAll` (the suite's own setup hooks, added
 * after this call, run once they are up) and closed in an `afterAll`.
 */
export function browserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the browser suite's ${what} is read before the suite started`);
    return value;
  };

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    app = await startTestApp(env);
    browser = await launchBrowser(options.serviceWorker ? CHROMIUM_PATH : undefined);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  const suite: BrowserSuite = {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    url: (path = '') => `${suite.app.url}${path}`,
    async window(viewport = DESKTOP, contextOptions = {}) {
      const context = await newContext(suite.browser, {
        viewport,
        ...(options.serviceWorker ? { serviceWorkers: 'allow' } : {}),
        ...contextOptions,
      });
      return { context, page: await context.newPage() };
    },
    async signedIn(email, { at = '', viewport = DESKTOP, then, timezoneId, password, context } = {}) {
      const window = await suite.window(DESKTOP, { ...(timezoneId ? { timezoneId } : {}), ...context });
      await window.page.goto(suite.url(at));
      await logIn(window.page, email, password);
      if (viewport !== DESKTOP) await window.page.setViewportSize(viewport);
      if (then !== undefined) await window.page.goto(suite.url(then));
      return window;
    },
    signedInPage: async (email, signInOptions) => (await suite.signedIn(email, signInOptions)).page,
    api: (who) => demoClient(suite.app.url, who),
  };
  return suite;
}

import { describe, expect, it } from 'vitest';
import { APP_ICON_192 } from '@playtime/shared/contract/app-shell';
import type { PushPayload } from '@playtime/shared/contract/push';
import { notificationTarget, openNotificationTarget, showPush, type AppWindow } from './push-handlers';

const ORIGIN = 'https://playtime.example';

function recordingRegistration() {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  return {
    shown,
    showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
  };
}

function windowAt(url: string, log: string[]): AppWindow & { url: string } {
  const window = {
    url,
    focus: async () => log.push(`focus ${window.url}`),
    navigate: async (to: string) => {
      log.push(`navigate ${window.url} -> ${to}`);
      window.url = to;
    },
  };
  return window;
}

function windows(open: AppWindow[], log: string[]) {
  return {
    matchAll: async () => open,
    openWindow: async (url: string) => log.push(`open ${url}`),
  };
}

describe("the service worker's push", () => {
  const offer: PushPayload = {
    title: 'A spot is free',
    body: 'Riverside Pick-up: yours for 10 minutes',
    url: '/game-details/42',
    tag: 'offer-42',
  };

  it("shows the payload's title and text with its tag, the app's icon and the address to open", async () => {
    const registration = recordingRegistration();
    await showPush(registration, JSON.stringify(offer));
    expect(registration.shown).toEqual([
      {
        title: offer.title,
        options: { body: offer.body, tag: offer.tag, icon: APP_ICON_192, data: { url: offer.url } },
      },
    ]);
  });

  it('shows a push without a tag untagged', async () => {
    const registration = recordingRegistration();
    await showPush(registration, JSON.stringify({ title: 'Chat', body: 'Sam: running late', url: '/game-details/7' }));
    expect(registration.shown[0]?.options.tag).toBeUndefined();
  });

  it('shows nothing for a push that is not the app’s: no data, no JSON, a field missing', async () => {
    const registration = recordingRegistration();
    for (const text of [undefined, '', 'not json', JSON.stringify({ body: 'no title', url: '/' }), '42'])
      await showPush(registration, text);
    expect(registration.shown).toEqual([]);
  });
});

describe('a click on a notification', () => {
  it('brings an open window of the app forward and shows it the page', async () => {
    const log: string[] = [];
    const app = windowAt(`${ORIGIN}/search`, log);
    await openNotificationTarget(windows([app], log), { url: '/game-details/42' }, ORIGIN);
    expect(log).toEqual([`focus ${ORIGIN}/search`, `navigate ${ORIGIN}/search -> ${ORIGIN}/game-details/42`]);
  });

  it('only focuses a window already on the page', async () => {
    const log: string[] = [];
    await openNotificationTarget(
      windows([windowAt(`${ORIGIN}/game-details/42`, log)], log),
      { url: '/game-details/42' },
      ORIGIN,
    );
    expect(log).toEqual([`focus ${ORIGIN}/game-details/42`]);
  });

  it('prefers a window already on the page to another window of the app', async () => {
    const log: string[] = [];
    const open = [windowAt(`${ORIGIN}/search`, log), windowAt(`${ORIGIN}/game-details/42`, log)];
    await openNotificationTarget(windows(open, log), { url: '/game-details/42' }, ORIGIN);
    expect(log).toEqual([`focus ${ORIGIN}/game-details/42`]);
  });

  it('opens a new window on the page when the open one may not be steered', async () => {
    const log: string[] = [];
    const uncontrolled = {
      ...windowAt(`${ORIGIN}/search`, log),
      navigate: () => Promise.reject(new TypeError('This service worker is not the client’s active service worker.')),
    };
    await openNotificationTarget(windows([uncontrolled], log), { url: '/game-details/42' }, ORIGIN);
    expect(log).toEqual([`focus ${ORIGIN}/search`, `open ${ORIGIN}/game-details/42`]);
  });

  it("opens a new window on the page when none of the app's is open", async () => {
    const log: string[] = [];
    await openNotificationTarget(windows([], log), { url: '/game-details/42' }, ORIGIN);
    expect(log).toEqual([`open ${ORIGIN}/game-details/42`]);
  });

  it("opens the app's start page for an address on another site or none", () => {
    expect(notificationTarget({ url: 'https://elsewhere.example/phish' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget({ url: `${ORIGIN}/profile` }, ORIGIN)).toBe(`${ORIGIN}/profile`);
  });
});

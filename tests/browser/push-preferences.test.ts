/**
 * Push on the profile (issue #46): the preferences' Push column beside In Playtime and Email, switched
 * from the keyboard and kept; a device subscribed turns Push on for the kinds the player hears in the app;
 * the button that turns push on for this device says clearly why it cannot when the browser's permission
 * is not given, and, once it is given, subscribes the browser with the deployment's key and hands the
 * subscription to Playtime, whose next notification arrives at the device's push service encrypted to the
 * device's keys. Axe at desktop and phone width.
 *
 * Headless Chromium reaches no push service (Google's is on the internet), so where the browser would
 * ask it for an endpoint, the page's PushManager hands out one on a push service on loopback that this
 * test runs (tests/support/push-receiver.ts); everything from the button to the decrypted push is real.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_UI_TEXTS } from '@playtime/shared/contract/notification-inbox';
import {
  PUSH_MESSAGES,
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  PUSH_UI_TEXTS,
  type PushPublicKey,
} from '@playtime/shared/contract/push';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { signUpPlayer } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { scheduleFreeGameTomorrow } from '../support/game-streams';
import { startPushReceiver, type PushReceiver } from '../support/push-receiver';
import { browserSuite } from './support/suite';
import { PHONE, expectAccessible, screenshot } from './support/browser';
import { tabTo, tabToAndPress } from './support/keyboard';

/** A subscription as a browser would hand it over, to a push service that is never reached. */
function deviceSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.invalid/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    expirationTime: null,
  };
}

describe('push on the profile', () => {
  const suite = browserSuite({ env: { PUSH_ALLOW_LOOPBACK: '1' }, serviceWorker: true });
  let receiver: PushReceiver;

  beforeAll(async () => {
    receiver = await startPushReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it('shows a Push column, off until a device subscribes, then on for the kinds heard in the app, and switched from the keyboard', async () => {
    const player = await suite.signedIn('player@playtime.test', { then: '/profile' });
    const { page } = player;
    const push = page.getByRole('checkbox', { name: `You joined a game: ${PUSH_UI_TEXTS.column}` });
    await push.waitFor();
    expect(await push.isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('columnheader', { name: PUSH_UI_TEXTS.column }).count()).toBeGreaterThan(0);
    // The words above the tables name the three ways, as the columns do.
    await page.getByText(NOTIFICATION_UI_TEXTS.preferencesHelp).waitFor();

    // This player's phone subscribes (the API call the button makes once the browser has subscribed).
    const api = await suite.api('player');
    const subscribed = await api.post(PUSH_SUBSCRIPTIONS_PATH, deviceSubscription());
    expect(subscribed.status, subscribed.text).toBe(200);
    await page.reload();
    await expect.poll(() => push.isChecked()).toBe(true);

    // Off from the keyboard, and kept.
    await tabTo(page, push);
    await page.keyboard.press('Space');
    await expect.poll(() => push.isChecked()).toBe(false);
    await page.reload();
    await expect.poll(() => push.isChecked()).toBe(false);
    await push.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-preferences-desktop');
    await expectAccessible(page);

    await page.setViewportSize(PHONE);
    await push.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-preferences-phone');
    await expectAccessible(page);
    await player.context.close();
  });

  it('says why push cannot be turned on when the browser does not allow notifications', async () => {
    const player = await suite.signedIn('player@playtime.test', { then: '/profile' });
    const { page } = player;
    await tabToAndPress(page, page.getByRole('button', { name: PUSH_UI_TEXTS.turnOn }));
    // Headless Chromium answers the permission prompt itself: not granted.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: PUSH_MESSAGES.denied }).count()).toBe(1);
    await screenshot(page, 'push-denied-desktop');
    await expectAccessible(page);
    await player.context.close();
  });
  it('turns push on for this device with the button, and the next notification reaches the device, encrypted to its keys', async () => {
    const playerApi = await signUpPlayer(suite.app, 'push-device@playtime.test', 'pushdevice');
    const device = receiver.device('profile-button');
    const { context, page } = await suite.signedIn('push-device@playtime.test', {
      password: 'sign-up ok',
      then: '/profile',
      context: { permissions: ['notifications'] },
    });
    // Where Chromium would ask its push service for an endpoint: the loopback service's, with the device's keys.
    await context.addInitScript((subscription) => {
      PushManager.prototype.getSubscription = () => Promise.resolve(null);
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        (window as unknown as { subscribedWithKey: string }).subscribedWithKey = btoa(String.fromCharCode(...key))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        return Promise.resolve({ ...subscription, toJSON: () => subscription } as unknown as PushSubscription);
      };
    }, receiver.subscriptionOf(device));
    await page.reload();

    await tabToAndPress(page, page.getByRole('button', { name: PUSH_UI_TEXTS.turnOn }));
    await page.getByText(PUSH_UI_TEXTS.on).waitFor({ timeout: 20_000 });
    const { publicKey } = await playerApi.read<PushPublicKey>(PUSH_PUBLIC_KEY_PATH);
    expect(await page.evaluate(() => (window as unknown as { subscribedWithKey: string }).subscribedWithKey)).toBe(
      publicKey,
    );
    const push = page.getByRole('checkbox', { name: `You joined a game: ${PUSH_UI_TEXTS.column}` });
    await expect.poll(() => push.isChecked()).toBe(true);
    await screenshot(page, 'push-turned-on-desktop');
    await expectAccessible(page);

    // The player joins a game: the notification is pushed to this device's push service.
    const store: EventStore = checkEventSchemas(await PostgresEventStore.connect(suite.app.databaseUrl));
    try {
      const captain = await suite.api('captain');
      const owner = await suite.api('owner');
      const idOf = async (client: ApiClient) => ((await client.get('/api/get-user')).json as { userId: string }).userId;
      const gameId = await scheduleFreeGameTomorrow(store, captain, {
        gameId: `push-${randomUUID()}`,
        name: 'Push Button Cup',
        organizerId: await idOf(captain),
        organizerUsername: 'captain',
        ownerId: await idOf(owner),
      });
      const joined = await playerApi.post('/api/join-game', { gameId, team: 0 });
      expect(joined.status, joined.text).toBe(200);
      const { payload } = await receiver.pushed(device, /^You joined Push Button Cup on /);
      expect(payload).toMatchObject({ title: 'You joined a game', url: `/game-details/${gameId}` });
    } finally {
      await store.close();
    }
    await context.close();
  }, 120_000);
});

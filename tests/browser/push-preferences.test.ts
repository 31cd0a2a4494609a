/**
 * Push on the profile (issue #46): the preferences' Push column beside In Playtime and Email, switched
 * from the keyboard and kept; a device subscribed (through the API: headless Chromium reaches no push
 * service) turns Push on for the kinds the player hears in the app; the button that turns push on for
 * this device says clearly why it cannot when the browser's permission is not given. Axe at desktop and
 * phone width.
 */
import { describe, expect, it } from 'vitest';
import { createECDH, randomBytes } from 'node:crypto';
import { PUSH_MESSAGES, PUSH_SUBSCRIPTIONS_PATH, PUSH_UI_TEXTS } from '@playtime/shared/contract/push';
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
  const suite = browserSuite();

  it('shows a Push column, off until a device subscribes, then on for the kinds heard in the app, and switched from the keyboard', async () => {
    const player = await suite.signedIn('player@playtime.test', { then: '/profile' });
    const { page } = player;
    const push = page.getByRole('checkbox', { name: `You joined a game: ${PUSH_UI_TEXTS.column}` });
    await push.waitFor();
    expect(await push.isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('columnheader', { name: PUSH_UI_TEXTS.column }).count()).toBeGreaterThan(0);

    // This player's phone subscribes (the API call the button makes once the browser has subscribed).
    const api = await suite.api('player');
    const subscribed = await api.post(PUSH_SUBSCRIPTIONS_PATH, deviceSubscription());
    expect(subscribed.status, subscribed.text).toBe(200);
    await page.reload();
    await expect.poll(() => push.isChecked(), { timeout: 15_000 }).toBe(true);

    // Off from the keyboard, and kept.
    await tabTo(page, push);
    await page.keyboard.press('Space');
    await expect.poll(() => push.isChecked()).toBe(false);
    await page.reload();
    await expect.poll(() => push.isChecked(), { timeout: 15_000 }).toBe(false);
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
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: PUSH_MESSAGES.denied }).count(), { timeout: 15_000 })
      .toBe(1);
    await screenshot(page, 'push-denied-desktop');
    await expectAccessible(page);
    await player.context.close();
  });
});

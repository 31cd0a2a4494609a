import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './browser';

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/**
 * Moves the focus with Tab (or Shift+Tab) until it is on `target`, as a keyboard user would; fails
 * when `target` is not reached within `presses` key presses. Never clicks.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, presses = 150 } = {}): Promise<void> {
  await target.waitFor();
  for (let pressed = 0; pressed <= presses; pressed++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${presses} presses of Tab`);
}

/** Tabs to `target` and presses Enter on it. */
export async function tabToAndPress(page: Page, target: Locator, key = 'Enter', backwards = false): Promise<void> {
  await tabTo(page, target, { backwards });
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it. */
export async function tabToAndType(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Logs in with the keyboard alone: Enter on the header's Log In button opens the embedded provider's
 * page, where the email and password are typed and Enter submits.
 */
export async function logInByKeyboard(page: Page, email: string, password = 'playtime'): Promise<void> {
  const popupPromise = page.context().waitForEvent('page');
  await tabToAndPress(page, page.getByRole('button', { name: 'Log In' }).first());
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.getByLabel('Email').waitFor();
  // The embedded identity provider's own page is held to axe-core as the app's are.
  await expectAccessible(popup);
  await tabToAndType(popup, popup.getByLabel('Email'), email);
  await tabToAndType(popup, popup.getByLabel('Password'), password);
  await popup.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 30_000 });
}

/** Types the 4242… test card into the open 'Pay by card' dialog with the keyboard, then pays with Enter. */
export async function payByCardWithKeyboard(page: Page, amount: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await tabToAndType(page, dialog.getByLabel('Card number'), '4242 4242 4242 4242');
  await tabToAndType(page, dialog.getByLabel('Expiry'), '12 / 35');
  await tabToAndType(page, dialog.getByLabel('CVC'), '123');
  await tabToAndPress(page, dialog.getByRole('button', { name: `Pay ${amount}` }));
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
}

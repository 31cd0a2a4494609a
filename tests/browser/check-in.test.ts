/**
 * Check-in at the field in the browser (issue #44), on the demo's game that is live now: the organizer's
 * page shows the check-in code (a QR code and its 6 digits); a player's phone, whose camera films that
 * QR code (Chromium's fake camera playing a y4m video of it), scans it and is checked in, and the
 * organizer's pitch shows the tick live; another player checks in with the keyboard alone by typing the
 * digits, after a wrong code is refused in the server's words; a third opens the QR code's link and is
 * offered the check-in at once; the organizer marks a no-show. axe on every new screen and dialog.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  CHECK_IN_CODE_TITLE,
  CHECK_IN_CODE_WRONG,
  CHECK_IN_LABEL,
  checkedInLabel,
  reliabilityLabel,
  type CheckInCode,
} from '@playtime/shared/contract/attendance';
import { signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { payInFull } from '../support/game-loop';
import { DESKTOP, logIn, newContext, PHONE, screenshot, screenshotAtBothWidths } from './support/browser';
import { launchBrowserWithCamera, writeQrVideo } from './support/fake-camera';
import { tabTo, tabToAndPress } from './support/keyboard';
import { browserSuite } from './support/suite';

describe('check-in at the field', () => {
  // The demo data's game that is live now (the captain's): check-in is open from its start to its end.
  const suite = browserSuite({ env: { SEED_DEMO: 'true' } });
  const video = mkdtempSync(path.join(tmpdir(), 'playtime-camera-'));
  const cameraFile = path.join(video, 'qr.y4m');
  let gameId: string;
  let captain: ApiClient;
  let phone: Browser | undefined;

  const join = async (client: ApiClient) => {
    const paymentId = await payInFull(client, new ApiClient(suite.app.url, null), { kind: 'entry', gameId }, 500);
    const joined = await client.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
  };
  /** The code the organizer's page shows now, as the organizer's browser asks for it. */
  const currentCode = async () => captain.read<CheckInCode>(`/api/check-in-code?gameId=${gameId}`);

  beforeAll(async () => {
    captain = await suite.api('captain');
    const player = await suite.api('player');
    const near = await player.read<{ game_id: string; name: string }[]>(
      '/api/get-games?latitude=40.7685&longitude=-73.9822&distance=16.09',
    );
    gameId = near.find((game) => game.name === 'Riverside Pick-up (live now)')!.game_id;
    // The demo player (who scans), a keyboard user and a player who follows the link: all on the sideline.
    await join(player);
    await join(await signUpPlayer(suite.app, 'keys@playtime.test', 'keys'));
    await join(await signUpPlayer(suite.app, 'linked@playtime.test', 'linked'));
    await join(await signUpPlayer(suite.app, 'absent@playtime.test', 'absent'));
    captain.seesWritesOf(player);
  }, 180_000);

  afterAll(async () => {
    await phone?.close();
    rmSync(video, { recursive: true, force: true });
  });

  const sideline = (page: Page) => page.getByRole('region', { name: 'Sideline', exact: true });
  /** A player's chip on the organizer's pitch: its button is named 'Manage <name> …'. */
  const chipOf = (page: Page, name: string) =>
    sideline(page).getByRole('button', { name: new RegExp(`^Manage ${name}\\b`) });

  it("shows the organizer's code; the player's phone scans it and every page shows the tick live", async () => {
    const organizer = await suite.signedInPage('captain@playtime.test', { at: `/game-details/${gameId}` });
    const panel = organizer.getByRole('region', { name: CHECK_IN_CODE_TITLE });
    const digits = panel.getByTestId('check-in-digits');
    await digits.waitFor({ timeout: 20_000 });
    expect(await digits.innerText()).toMatch(/^\d{3} \d{3}$/);
    expect(await panel.getByRole('img', { name: 'QR code to check in' }).count()).toBe(1);
    await panel.getByText(checkedInLabel(0, 4)).waitFor();
    await screenshotAtBothWidths(organizer, 'check-in-code-panel');

    // The code moves on by itself when it expires (every 30 s), without a reload.
    const first = await digits.innerText();
    if (process.env.SKIP_ROTATION !== '1')
      await expect.poll(() => digits.innerText(), { timeout: 45_000, interval: 1_000 }).not.toBe(first);

    // The player's phone: a Chromium whose camera films what the test writes to the y4m file.
    writeQrVideo(cameraFile, null);
    phone = await launchBrowserWithCamera(cameraFile);
    const context = await newContext(phone, { viewport: DESKTOP, permissions: ['camera'] });
    const player = await context.newPage();
    await player.goto(suite.url(`/game-details/${gameId}`));
    await logIn(player, 'player@playtime.test');

    // The dialog with the camera running (filming a white wall), at both widths, held to axe.
    await player.getByRole('button', { name: CHECK_IN_LABEL }).click();
    const dialog = player.getByRole('dialog', { name: CHECK_IN_LABEL });
    await dialog.getByText("Point your camera at the organizer's check-in code.").waitFor({ timeout: 20_000 });
    await screenshot(player, 'check-in-dialog-camera-desktop');
    await player.setViewportSize(PHONE);
    await screenshot(player, 'check-in-dialog-camera-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Now the camera films the organizer's code of this moment: opening the dialog scans it and checks in.
    writeQrVideo(cameraFile, (await currentCode()).qrText);
    await player.getByRole('button', { name: CHECK_IN_LABEL }).click();
    await player.getByText('You are checked in.').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    // The organizer's pitch shows the tick beside the player, and the count, without a reload.
    await chipOf(organizer, 'player').getByRole('img', { name: 'Checked in' }).waitFor({ timeout: 20_000 });
    await panel.getByText(checkedInLabel(1, 4)).waitFor({ timeout: 20_000 });
    expect(await chipOf(organizer, 'keys').getByRole('img', { name: 'Checked in' }).count()).toBe(0);
    // The player's own page says the count too (no code: that is the organizer's).
    expect(await player.getByTestId('check-in-count').innerText()).toBe(checkedInLabel(1, 4));
    expect(await player.getByRole('region', { name: CHECK_IN_CODE_TITLE }).count()).toBe(0);
    await screenshot(player, 'check-in-player-checked-in-phone');
    await context.close();
    await organizer.context().close();
  }, 180_000);

  it('checks in with the keyboard alone by typing the 6 digits; a wrong code is refused in the server words', async () => {
    const organizer = await suite.signedInPage('captain@playtime.test', { at: `/game-details/${gameId}` });
    const keys = await suite.signedInPage('keys@playtime.test', {
      at: `/game-details/${gameId}`,
      password: 'sign-up ok',
    });
    await tabToAndPress(keys, keys.getByRole('button', { name: CHECK_IN_LABEL }));
    const dialog = keys.getByRole('dialog', { name: CHECK_IN_LABEL });
    const box = dialog.getByLabel('Check-in code');
    // The focus starts in the code's box; this browser has no camera, and the dialog says so.
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByText(/^The camera did not start.*Type the 6 digits instead\.$/).waitFor({ timeout: 20_000 });

    const { code } = await currentCode();
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    await keys.keyboard.type(wrong);
    await keys.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText(CHECK_IN_CODE_WRONG).waitFor({ timeout: 20_000 });
    await screenshot(keys, 'check-in-dialog-refused-desktop');

    await tabTo(keys, box, { backwards: true });
    await keys.keyboard.press('ControlOrMeta+A');
    await keys.keyboard.type((await currentCode()).code);
    await keys.keyboard.press('Enter');
    await keys.getByText('You are checked in.').waitFor({ timeout: 20_000 });
    await chipOf(organizer, 'keys').getByRole('img', { name: 'Checked in' }).waitFor({ timeout: 20_000 });
    await organizer.getByRole('region', { name: CHECK_IN_CODE_TITLE }).getByText(checkedInLabel(2, 4)).waitFor();
    await keys.context().close();
    await organizer.context().close();
  }, 120_000);

  it("offers the check-in at once on the QR code's link, and the organizer marks a no-show", async () => {
    const { qrText, code } = await currentCode();
    const link = new URL(qrText);
    const linked = await suite.signedInPage('linked@playtime.test', {
      at: `${link.pathname}${link.search}`,
      password: 'sign-up ok',
      viewport: PHONE,
    });
    const dialog = linked.getByRole('dialog', { name: CHECK_IN_LABEL });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByLabel('Check-in code').inputValue()).toBe(code);
    await dialog.getByRole('button', { name: CHECK_IN_LABEL }).click();
    await linked.getByText('You are checked in.').waitFor({ timeout: 20_000 });
    // The address no longer carries the code.
    expect(new URL(linked.url()).search).toBe('');

    const organizer = await suite.signedInPage('captain@playtime.test', { at: `/game-details/${gameId}` });
    const marks = organizer.getByRole('region', { name: 'Attendance', exact: true });
    const rowOf = (name: string) => marks.getByRole('group', { name: `Attendance of ${name}` });
    // Checked-in players show Present already; the one who never came is unmarked.
    await expect
      .poll(() => rowOf('linked').getByRole('button', { name: 'Present' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await rowOf('absent').getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe('false');
    await tabToAndPress(organizer, rowOf('absent').getByRole('button', { name: 'No-show' }));
    await expect
      .poll(() => rowOf('absent').getByRole('button', { name: 'No-show' }).getAttribute('aria-pressed'), {
        timeout: 20_000,
      })
      .toBe('true');
    await screenshotAtBothWidths(organizer, 'check-in-attendance-marks');
    await linked.context().close();
    await organizer.context().close();
  }, 120_000);

  it('counts the no-show on the profile and in Admin → Users, where an admin clears it with a reason', async () => {
    const absent = await suite.signedInPage('absent@playtime.test', { then: '/profile', password: 'sign-up ok' });
    const card = absent.getByTestId('reliability-card');
    await card.getByText(reliabilityLabel({ percent: 0, games: 1 })).waitFor({ timeout: 20_000 });
    await card.getByText('Recent no-shows: 1').waitFor();
    await screenshot(absent, 'check-in-profile-reliability-desktop');

    const admin = await suite.signedInPage('admin@playtime.test');
    await admin.getByRole('link', { name: 'Admin' }).first().click();
    const row = admin.getByRole('row').filter({ hasText: 'absent@playtime.test' });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor({ timeout: 20_000 });
    await tabToAndPress(admin, row.getByRole('button', { name: 'Clear mark' }));
    const dialog = admin.getByRole('dialog', { name: 'Clear a no-show' });
    // The latest no-show is picked; the reason is asked for in the contract's words before anything is sent.
    expect(await dialog.getByRole('radio', { name: 'Game 1 (latest)' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Clear mark' }).click();
    await dialog.getByText('Say why the mark is cleared').waitFor();
    await screenshot(admin, 'check-in-admin-clear-mark-desktop');
    await dialog.getByLabel('Reason').fill('Rain: the field was closed');
    await dialog.getByRole('button', { name: 'Clear mark' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await row.getByRole('cell', { name: '0', exact: true }).waitFor({ timeout: 20_000 });

    await absent.reload();
    await card.getByText(reliabilityLabel({ percent: 100, games: 0 })).waitFor({ timeout: 20_000 });
    expect(await card.getByText(/^Recent no-shows/).count()).toBe(0);
    await absent.context().close();
    await admin.context().close();
  }, 120_000);
});

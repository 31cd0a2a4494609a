/**
 * Configure's group-money settings in the browser (issue #45): the captain sets guests per player
 * (0–3) and free cancellation (0–72 hours before the start) with the keyboard alone, is told the limit
 * of a value out of range, and reads the free-cancellation rule in the same words on Configure, on
 * Confirm and, once a player has paid, in that player's Leave dialog. axe at 1280 and 390 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freeCancellationRule, leaveRule } from '@playtime/shared/contract/credit';
import { GUESTS_PER_PLAYER_LABEL } from '@playtime/shared/contract/guests-texts';
import type { GameInList } from '@playtime/shared/contract/games';
import { ApiClient } from '../support/api-client';
import { makeRentalFree } from '../support/free-rental';
import { payInFull } from '../support/game-loop';
import { waitFor } from '../support/wait';
import { DESKTOP, expectAccessible, PHONE, screenshotAtBothWidths, sidewaysOverflow } from './support/browser';
import { tabTo, tabToAndPress, tabToAndType } from './support/keyboard';
import { selectSlot, type WizardPitch } from './support/screens';
import { addPitchAround, nextGameStart } from './support/slots';
import { browserSuite } from './support/suite';

const gameStart = nextGameStart(2);
const PITCH: WizardPitch = { search: 'Draft', field: /Draft Rules Park/, subField: 'Pitch A' };
const NAME = 'Rules Night';

describe("Configure's guests and free cancellation in the browser", () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const owner = await suite.api('owner');
    const { fieldId } = await addPitchAround(owner, { name: 'Draft Rules Park', address: '3 Draft St' }, gameStart);
    // A free rental: Confirm creates the game without a card, so the test is about the draft.
    await makeRentalFree(await suite.api('admin'), fieldId);
  }, 120_000);

  it('sets guests per player and free cancellation by keyboard, and says the rule on Configure, Confirm and Leave', async () => {
    const captain = await suite.signedInPage('captain@playtime.test', { timezoneId: 'UTC' });
    await captain.goto(suite.url('/organize/games'));
    await selectSlot(captain, PITCH, gameStart);
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Done' }));

    const guests = captain.getByLabel(GUESTS_PER_PLAYER_LABEL);
    const cancellation = captain.getByLabel('Free cancellation');
    await tabToAndType(captain, captain.getByLabel('Game Name'), NAME);
    await tabToAndType(captain, captain.getByLabel('Price'), '3');
    // The defaults: two guests each, free cancellation until 24 hours before the start.
    expect(await guests.inputValue()).toBe('2');
    expect(await cancellation.inputValue()).toBe('24');

    // Guests: the arrow keys step by one, a typed value past the limit is refused with the limit.
    await tabTo(captain, guests);
    await captain.keyboard.press('ArrowUp');
    await expect.poll(() => guests.inputValue()).toBe('3');
    await tabToAndType(captain, guests, '4');
    await captain.getByText(/Guests per player is at most 3/i).waitFor();
    expect(await captain.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await tabToAndType(captain, guests, '3');

    // Free cancellation: 48 hours, and past 72 the box says the limit.
    await tabToAndType(captain, cancellation, '80');
    await captain.getByText('Free cancellation is at most 72 hours before the start').waitFor();
    await tabToAndType(captain, cancellation, '48');
    const rule = freeCancellationRule(48);
    await captain.getByText(`Hours before the start. ${rule}`, { exact: true }).waitFor();
    expect(await captain.getByRole('button', { name: 'Done' }).isDisabled()).toBe(false);

    await expectAccessible(captain);
    await captain.setViewportSize(PHONE);
    await expectAccessible(captain);
    expect(await sidewaysOverflow(captain)).toBe(0);
    await captain.setViewportSize(DESKTOP);
    await screenshotAtBothWidths(captain, 'configure-guests-cancellation');

    // Confirm says both again, in the same words, before anything is paid.
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Done' }));
    await captain.getByText(rule, { exact: true }).waitFor({ timeout: 20_000 });
    await captain.getByText(GUESTS_PER_PLAYER_LABEL, { exact: true }).waitFor();
    await screenshotAtBothWidths(captain, 'confirm-guests-cancellation');
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Confirm', exact: true }).last());
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });

    // The game took the draft: a player pays and joins, and their Leave dialog says the same rule, and
    // that this leave (within 48 hours of the start) keeps the entry.
    const organizer = await suite.api('captain');
    const game = await waitFor('the new game in the organizer list', async () =>
      ((await organizer.get('/api/get-organizer-games')).json as GameInList[]).find((item) => item.name === NAME),
    );
    const gameId = game.gameId;
    const player = await suite.api('player');
    player.seesWritesOf(organizer);
    const anonymous = new ApiClient(suite.app.url, null);
    const paymentId = await payInFull(player, anonymous, { kind: 'entry', gameId }, 300);
    const joined = await player.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    const details = (await player.get(`/api/get-game-data?gameId=${gameId}`)).json as { guestsPerPlayer: number };
    expect(details.guestsPerPlayer).toBe(3);

    const page = await suite.signedInPage('player@playtime.test', { at: `/game-details/${gameId}` });
    await tabToAndPress(page, page.getByRole('button', { name: 'Leave Game' }));
    const dialog = page.getByRole('dialog', { name: 'Leave Game' });
    await dialog.getByText(rule, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('leave-rule').innerText()).toBe(
      leaveRule({ free: false, amountCents: 300, held: false }),
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }, 240_000);
});

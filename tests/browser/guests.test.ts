/**
 * Guests in the browser (issue #45): on the demo's game of tomorrow evening ($5 entry, two guests per
 * player), the demo player picks two guests with the keyboard alone, names one, sees the party's price,
 * and pays $15.00 with the simulated card; the organizer's page in a second browser shows 'player +2' on
 * the sideline live, with the guest's name under the party (so does a visitor's page), and its 'Who has
 * paid' table shows the party whole at 390 px. axe on the new controls; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { GAME_PAYMENT_STATE_LABELS } from '@playtime/shared/contract/credit';
import {
  expectAccessible,
  payByCard,
  PHONE,
  screenshot,
  screenshotAtBothWidths,
  SCREENSHOTS,
  sidewaysOverflow,
} from './support/browser';
import { tabTo } from './support/keyboard';
import { browserSuite } from './support/suite';

describe('guests', () => {
  const suite = browserSuite({ env: { SEED_DEMO: 'true' } });

  it('a host joins with two guests, pays for the party, and the organizer sees "player +2" live', async () => {
    const player = await suite.api('player');
    const near = await player.read<{ game_id: string; name: string }[]>(
      '/api/get-games?latitude=40.7685&longitude=-73.9822&distance=16.09',
    );
    const gameId = near.find((game) => game.name === 'Tomorrow Night Five-a-Side')!.game_id;

    const organizer = await suite.signedInPage('captain@playtime.test', { at: `/game-details/${gameId}` });
    const sideline = organizer.getByRole('region', { name: 'Sideline', exact: true });
    await organizer.getByRole('heading', { name: 'Tomorrow Night Five-a-Side' }).first().waitFor({ timeout: 20_000 });

    const host = await suite.signedInPage('player@playtime.test', { at: `/game-details/${gameId}` });
    const picker = host.getByTestId('guests-picker');
    await picker.waitFor({ timeout: 20_000 });
    // Keyboard alone: Tab to the guests box, choose 2 by typing it, then Tab to a name and type it.
    await tabTo(host, picker.getByLabel('Guests'));
    await host.keyboard.press('2');
    await picker.getByTestId('party-price').getByText('You + 2 guests: $15.00').waitFor();
    const firstName = picker.getByLabel('Guest 1 name (optional)');
    await tabTo(host, firstName);
    await host.keyboard.type('Ann');
    await expectAccessible(host);
    await screenshotAtBothWidths(host, 'guests-picker');

    await host.getByRole('button', { name: 'Join Game' }).click();
    await payByCard(host, '$15.00');

    await sideline.getByText('player +2', { exact: true }).waitFor({ timeout: 20_000 });
    await host.getByRole('region', { name: 'Sideline', exact: true }).getByText('player +2', { exact: true }).waitFor();
    // The guest the host named is shown with the party, as text (read with it), to everyone who sees the
    // host's name: the organizer, the host, and a guest of the page who is not signed in.
    const named = 'Guests: Ann and 1 more';
    await sideline.getByTestId('guest-names').getByText(named, { exact: true }).waitFor({ timeout: 20_000 });
    await host.getByRole('region', { name: 'Sideline', exact: true }).getByText(named, { exact: true }).waitFor();
    const visitor = await suite.window(PHONE);
    await visitor.page.goto(suite.url(`/game-details/${gameId}`));
    await visitor.page
      .getByRole('region', { name: 'Sideline', exact: true })
      .getByText(named, { exact: true })
      .waitFor();
    await screenshot(visitor.page, 'guests-roster-visitor-phone');
    await visitor.context.close();
    await screenshotAtBothWidths(organizer, 'guests-roster');
    expect(await sideline.getByText('player +2', { exact: true }).count()).toBe(1);

    // The organizer's 'Who has paid' table: the party's row, whole at 390 px (no state cut to 'P…').
    const payments = organizer.getByRole('table', { name: 'Who has paid' });
    const row = payments.getByRole('row').filter({ has: organizer.getByRole('cell', { name: 'player', exact: true }) });
    await row.getByText(GAME_PAYMENT_STATE_LABELS.paid, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'player',
      '2',
      '$15.00',
      GAME_PAYMENT_STATE_LABELS.paid,
    ]);
    await organizer.setViewportSize(PHONE);
    await payments.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(organizer)).toBe(0);
    // Every cell shows its whole text: nothing is cut off with an ellipsis or hidden past its edge.
    const cut = await payments.evaluate((table) =>
      [...table.querySelectorAll('td, td *')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
    const tableBox = (await payments.boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(390);
    await payments.screenshot({ path: path.join(SCREENSHOTS, 'guests-payments-table-phone.png') });
    await expectAccessible(organizer);
  }, 180_000);
});

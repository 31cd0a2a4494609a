/**
 * Guests in the browser (issue #45): on the demo's game of tomorrow evening ($5 entry, two guests per
 * player), the demo player picks two guests with the keyboard alone, names one, sees the party's price,
 * and pays $15.00 with the simulated card; the organizer's page in a second browser shows 'player +2' on
 * the sideline live. axe on the new controls; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible, payByCard, screenshotAtBothWidths } from './support/browser';
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
    await screenshotAtBothWidths(organizer, 'guests-roster');
    expect(await sideline.getByText('player +2', { exact: true }).count()).toBe(1);
  }, 180_000);
});

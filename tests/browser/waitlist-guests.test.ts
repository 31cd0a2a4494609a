/**
 * The waitlist with guests in the browser (issue #45): on a full $5 game taking two guests per player,
 * a host picks two guests with the keyboard alone and joins the waitlist, where everyone reads 'sam +2';
 * when a party of three leaves, the host is offered the three places, with the party in the offer's
 * words, and pays $15.00 for all of them. axe at 1280 and 390 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { bookPaidGameBetween, payInFull } from '../support/game-loop';
import { DESKTOP, expectAccessible, payByCard, PHONE, screenshot } from './support/browser';
import { tabTo, tabToAndPress } from './support/keyboard';
import { HOUR, nextGameStart, addPitchAround } from './support/slots';
import { browserSuite } from './support/suite';

const gameStart = nextGameStart();

describe('the waitlist with guests in the browser', () => {
  const suite = browserSuite();
  let gameId: string;
  const members = new Map<string, ApiClient>();

  const pay = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(client, new ApiClient(suite.app.url, null), purpose, price);

  beforeAll(async () => {
    const owner = await suite.api('owner');
    const captain = await suite.api('captain');
    const { subFieldId } = await addPitchAround(owner, { name: 'Party Park', address: '5 Pier Rd' }, gameStart);
    captain.seesWritesOf(owner);
    const start = new Date(gameStart).toISOString();
    const end = new Date(gameStart + HOUR).toISOString();
    ({ gameId } = await bookPaidGameBetween(captain, new ApiClient(suite.app.url, null), subFieldId, start, end, {
      name: 'Party Waitlist',
      maxPlayers: 14,
      price: '5',
      sidelineSize: 0,
      guestsPerPlayer: 2,
      // A leave keeps the entry (free cancellation ended): nothing here is about refunds.
      freeCancellationHours: 72,
    }));

    // Four parties of three and two players alone fill the 14 places.
    const guestsOf = [2, 2, 2, 2, 0, 0];
    await Promise.all(
      guestsOf.map(async (guests, index) => {
        const name = `party${index}`;
        const client = (await signUpPlayer(suite.app, `${name}@playtime.test`, name)).seesWritesOf(captain);
        members.set(name, client);
        const paymentId = await pay(client, { kind: 'entry', gameId, guests }, 500 * (1 + guests));
        const joined = await client.post('/api/join-game', { gameId, team: 0, paymentId, guests });
        expect(joined.status, joined.text).toBe(200);
      }),
    );
    await signUpPlayer(suite.app, 'sam@playtime.test', 'sam');
  }, 240_000);

  it('a host waits with two guests, is offered three places when three free, and pays for three', async () => {
    const host = await suite.signedInPage('sam@playtime.test', {
      at: `/game-details/${gameId}`,
      password: 'sign-up ok',
      timezoneId: 'UTC',
    });
    const picker = host.getByTestId('guests-picker');
    await picker.waitFor({ timeout: 20_000 });
    // Keyboard alone: Tab to the guests box, choose 2, name one, then Tab to 'Join the waitlist'.
    await tabTo(host, picker.getByLabel('Guests'));
    await host.keyboard.press('2');
    await picker.getByTestId('party-price').getByText('You + 2 guests: $15.00').waitFor();
    await tabTo(host, picker.getByLabel('Guest 1 name (optional)'));
    await host.keyboard.type('Ann');
    await expectAccessible(host);
    await tabToAndPress(host, host.getByRole('button', { name: 'Join the waitlist' }));

    const myPlace = host.getByTestId('my-place');
    await myPlace.getByText('You are 1st on the waitlist').waitFor({ timeout: 20_000 });
    const waitlist = host.getByTestId('waiting-lists').getByRole('list', { name: 'Waitlist' });
    await waitlist.getByText('sam +2 (you)').waitFor({ timeout: 20_000 });
    await expectAccessible(host);
    await screenshot(host, 'waitlist-guests-desktop');
    await host.setViewportSize(PHONE);
    await expectAccessible(host);
    await screenshot(host, 'waitlist-guests-phone');
    await host.setViewportSize(DESKTOP);

    // A party of three leaves: the three places are the host's party's, offered with its words.
    const left = await members.get('party0')!.post('/api/leave-game', { gameId });
    expect(left.status, left.text).toBe(200);
    const offer = host.getByTestId('offer');
    await offer.getByText(/^Places opened for you and your 2 guests\. Take them within/).waitFor({ timeout: 20_000 });
    await expectAccessible(host);
    await host.setViewportSize(PHONE);
    await expectAccessible(host);
    await screenshot(host, 'waitlist-guests-offer-phone');
    await host.setViewportSize(DESKTOP);

    await tabToAndPress(host, offer.getByRole('button', { name: 'Join and pay' }));
    await payByCard(host, '$15.00');
    await host
      .getByRole('region', { name: 'Sideline', exact: true })
      .getByText('sam +2', { exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await host.getByTestId('offer').count()).toBe(0);
  }, 240_000);
});

/**
 * Full games in the browser (issue #29), three browsers on one full game: a player in line for a team
 * spot and a player on the waitlist each see their place move up live; the waitlist's first gets the
 * offer of a place with its countdown and pays to take it; when a team player leaves, the first in line
 * gets the offer of the spot with its countdown and accepts it by keyboard, while the captain watches
 * both lists. Everyone else is set up over the API. Also Configure's new settings with what a thin game
 * means for the rental.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { payInFull } from '../support/game-loop';
import { at } from '../support/time';
import { DESKTOP, payByCard, PHONE, screenshot } from './support/browser';
import { HOUR, hhmm, nextGameStart, addPitchAround } from './support/slots';
import { browserSuite } from './support/suite';

/** Within two hours of now: offers last 10 minutes. */
const gameStart = nextGameStart();
const COUNTDOWN = /^(\d+):[0-5]\d$/;

describe('full games in the browser', () => {
  const suite = browserSuite();
  let gameId: string;
  let fieldId: string;
  let subFieldId: string;
  let owner: ApiClient;
  /** By name: the 14 team players full0…full13, line0 (first in line) and wait0 (first on the waitlist). */
  const people = new Map<string, ApiClient>();

  const pay = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(client, new ApiClient(suite.app.url, null), purpose, price);

  async function joinPaid(client: ApiClient, team: 0 | 1 | 2): Promise<void> {
    const paymentId = await pay(client, { kind: 'entry', gameId }, 500);
    const joined = await client.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    if (team === 0) return;
    const moved = await client.post('/api/join-game', { gameId, team });
    expect(moved.status, moved.text).toBe(200);
  }

  /** A page signed in as `email` on the app's page at `path`, at `viewport`, reading times in UTC. */
  const openAs = (email: string, path: string, viewport = DESKTOP, password?: string) =>
    suite.signedInPage(email, { at: path, viewport, password, timezoneId: 'UTC' });

  const myPlace = (page: Page) => page.getByTestId('my-place');
  const countdownOf = async (page: Page) => (await page.getByTestId('offer-countdown').innerText()).trim();

  beforeAll(async () => {
    owner = await suite.api('owner');
    const captain = await suite.api('captain');
    ({ fieldId, subFieldId } = await addPitchAround(owner, { name: 'Waitlist Park', address: '3 Pier Rd' }, gameStart));
    captain.seesWritesOf(owner);
    const held = await captain.post('/api/hold-slot', {
      subFieldId,
      startDate: new Date(gameStart).toISOString(),
      endDate: new Date(gameStart + HOUR).toISOString(),
      name: 'Full House',
      maxPlayers: 14,
      price: '5',
      sidelineSize: 2,
      // Issue #45: free cancellation ends 72 hours before the start: a leave keeps the entry.
      freeCancellationHours: 72,
    });
    expect(held.status, held.text).toBe(200);
    const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
    const rental = await pay(captain, { kind: 'rental', holdId }, rentalCents);
    const added = await captain.post('/api/add-game', { subFieldId, holdId, paymentId: rental });
    expect(added.status, added.text).toBe(200);
    gameId = (added.json as { gameId: string }).gameId;

    const names = [...Array.from({ length: 14 }, (_, index) => `full${index}`), 'line0', 'wait0', 'waiter'];
    const clients = await Promise.all(names.map((name) => signUpPlayer(suite.app, `${name}@playtime.test`, name)));
    names.forEach((name, index) => people.set(name, clients[index]!.seesWritesOf(captain)));
    await Promise.all(names.slice(0, 14).map((name, index) => joinPaid(people.get(name)!, index < 7 ? 1 : 2)));
    // The sideline's two places, in this order: line0 first, then the demo player.
    await joinPaid(people.get('line0')!, 0);
    const player = await suite.api('player');
    await joinPaid(player.seesWritesOf(people.get('line0')!), 0);
    // Full: the waitlist, wait0 first.
    for (const name of ['wait0', 'waiter']) {
      const waiting = await people.get(name)!.seesWritesOf(player).post('/api/join-waitlist', { gameId });
      expect(waiting.status, waiting.text).toBe(200);
      player.seesWritesOf(people.get(name)!);
    }
  }, 240_000);

  it('moves the line and the waitlist up live, offers a place and a spot with their countdowns, and both are taken', async () => {
    const url = `/game-details/${gameId}`;
    const captain = await openAs('captain@playtime.test', url);
    const inLine = await openAs('player@playtime.test', url);
    const waiting = await openAs('waiter@playtime.test', url, PHONE, 'sign-up ok');

    await myPlace(inLine).getByText('You are 2nd in line for a team spot').waitFor({ timeout: 20_000 });
    await myPlace(waiting).getByText('You are 2nd on the waitlist').waitFor({ timeout: 20_000 });
    const lists = captain.getByTestId('waiting-lists');
    await lists.getByRole('list', { name: 'Waitlist' }).getByText('waiter').waitFor({ timeout: 20_000 });
    expect(await lists.getByRole('list', { name: 'In line for a team spot' }).innerText()).toMatch(
      /line0[\s\S]*player/,
    );
    await screenshot(captain, 'full-games-lists-desktop');
    await screenshot(waiting, 'full-games-waitlist-phone');

    // The first in line leaves: the player moves up to 1st, and the freed place is offered to wait0.
    const left = await people.get('line0')!.post('/api/leave-game', { gameId });
    expect(left.status, left.text).toBe(200);
    await myPlace(inLine).getByText('You are 1st in line for a team spot').waitFor({ timeout: 20_000 });
    await waiting.getByText('Offered a place').waitFor({ timeout: 20_000 });
    expect(await myPlace(waiting).innerText()).toBe('You are 2nd on the waitlist');

    // wait0 declines: the offer passes to the waiter, with its countdown, announced once.
    const declined = await people.get('wait0')!.post('/api/leave-waitlist', { gameId });
    expect(declined.status, declined.text).toBe(200);
    const placeOffer = waiting.getByTestId('offer');
    await placeOffer.getByText(/^A place opened in this game\. Take it within/).waitFor({ timeout: 20_000 });
    const first = await countdownOf(waiting);
    expect(first).toMatch(COUNTDOWN);
    expect(Number(COUNTDOWN.exec(first)![1])).toBeLessThanOrEqual(10);
    await expect.poll(() => countdownOf(waiting), { timeout: 5_000 }).not.toBe(first);
    expect(await waiting.getByTestId('offer-announcement').innerText()).toMatch(
      /^A place opened in this game\. Take it within \d+:\d\d\.$/,
    );
    await screenshot(waiting, 'full-games-place-offer-phone');
    await waiting.getByRole('button', { name: 'Join and pay' }).click();
    await payByCard(waiting, '$5.00');
    await myPlace(waiting).getByText('You are 2nd in line for a team spot').waitFor({ timeout: 20_000 });

    // A team player leaves: the spot on Team 1 is offered to the first in line, who accepts by keyboard.
    const teamLeft = await people.get('full0')!.post('/api/leave-game', { gameId });
    expect(teamLeft.status, teamLeft.text).toBe(200);
    const spotOffer = inLine.getByTestId('offer');
    await spotOffer.getByText(/^A spot opened on Team 1\. Take it within/).waitFor({ timeout: 20_000 });
    expect(await countdownOf(inLine)).toMatch(COUNTDOWN);
    await captain.getByText('Offered Team 1').waitFor({ timeout: 20_000 });
    await screenshot(inLine, 'full-games-spot-offer-desktop');
    await inLine.setViewportSize(PHONE);
    await screenshot(inLine, 'full-games-spot-offer-phone');
    await inLine.setViewportSize(DESKTOP);

    const accept = spotOffer.getByRole('button', { name: 'Accept' });
    await accept.focus();
    await inLine.keyboard.press('Enter');
    await inLine
      .getByRole('region', { name: 'Team 1', exact: true })
      .getByText('player', { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => spotOffer.count(), { timeout: 20_000 }).toBe(0);
    await myPlace(waiting).getByText('You are 1st in line for a team spot').waitFor({ timeout: 20_000 });
    await screenshot(captain, 'full-games-after-desktop');
  }, 240_000);

  it('sets the sideline, a minimum of players and its decision time on Configure, and says what a thin game costs', async () => {
    const policy = await owner.post('/api/set-field-policy', {
      fieldId,
      cancellationWindowHours: 24,
      freeRental: false,
    });
    expect(policy.status, policy.text).toBe(200);
    // A slot two days ahead, so a 3-hour decision time lies in the future.
    const later = await owner.post('/api/add-field-schedule', { subFieldId, startDate: at(8), endDate: at(23) });
    expect(later.status, later.text).toBe(200);

    const captain = await openAs('captain@playtime.test', '');
    await captain.getByRole('link', { name: 'Organize' }).first().click();
    await captain.getByRole('button', { name: 'Create New Game' }).click();
    await captain.getByLabel('Venue name').fill('Waitlist');
    await captain.getByRole('button', { name: /Waitlist Park/ }).click();
    await captain.getByRole('button', { name: 'Pitch A' }).click();
    const start = Date.parse(at(18));
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    for (let day = today.getTime(); day < Date.parse(at(0)); day += 24 * HOUR) {
      await captain.getByRole('button', { name: 'Next day' }).click();
    }
    await captain.getByRole('option', { name: `${hhmm(start)} Free` }).click();
    await captain.getByRole('button', { name: 'Done' }).click();

    await expect.poll(() => captain.getByLabel('Sideline size').inputValue()).toBe('4');
    await captain.getByRole('checkbox', { name: 'Cancel the game if too few players join' }).check();
    expect(await captain.getByLabel('Minimum players').inputValue()).toBe('10');
    expect(await captain.getByLabel('Decision time').inputValue()).toBe('3');
    const notice = captain.getByTestId('minimum-notice');
    // A free game: a cancellation has no entry fees to give back (issue #45 says what becomes of the money).
    expect(await notice.innerText()).toBe(
      "If fewer than 10 players have joined by 3 hours before the start, the game is cancelled; the $40 rental is not refunded under this field's 24-hour policy.",
    );
    // A decision at least the field's window before the start gives the rental back.
    await captain.getByLabel('Decision time').fill('30');
    await expect
      .poll(() => notice.innerText())
      .toContain("the $40 rental is refunded under this field's 24-hour policy.");
    // What the server would refuse is said under its box, and Done waits for it.
    await captain.getByLabel('Minimum players').fill('23');
    await captain.getByText("Minimum players is at most the game's max players (22)").waitFor();
    expect(await captain.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await captain.getByLabel('Minimum players').fill('12');
    await captain.getByLabel('Decision time').fill('3');
    await captain.getByLabel('Sideline size').fill('2');
    await expect.poll(() => notice.innerText()).toMatch(/^If fewer than 12 players have joined by 3 hours/);
    await screenshot(captain, 'full-games-configure-desktop');
    await captain.setViewportSize(PHONE);
    await screenshot(captain, 'full-games-configure-phone');
    await captain.setViewportSize(DESKTOP);

    await captain.getByRole('button', { name: 'Done' }).click();
    // Confirm's summary (Configure's notice has the same test id: the row shows the step has changed).
    await captain.getByText('2 beyond the max players, then a waitlist').waitFor();
    await captain.getByText('12 players, 3 h before the start').waitFor();
    expect(await captain.getByTestId('minimum-notice').innerText()).toMatch(
      /^If fewer than 12 players have joined by 3 hours/,
    );
    // The slot is held with this draft: the server took the new settings.
    await captain.getByText(/^Slot held for/).waitFor({ timeout: 20_000 });
    await screenshot(captain, 'full-games-confirm-desktop');
  });
});

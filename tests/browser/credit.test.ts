/**
 * Issue #45 in the browser: a player leaves a full game after free cancellation (the Leave dialog says
 * the rule first), the organizer's 'Who has paid' table shows it live, the place is refilled from the
 * waitlist and the entry comes back as Playtime credit, which the profile's wallet shows and which pays
 * the next game with no card form. Within free cancellation the dialog asks where the refund goes, by
 * keyboard. Credit a checkout spent and no join used comes back after UNUSED_CREDIT_RETURN_MINUTES, and
 * the open wallet says so live; so does credit beside a card part its bank processes and then declines,
 * paid through the game page's dialog by keyboard while the wallet is open in another browser. axe and
 * screenshots at 1280 and 390 px on the wallet card, the leave dialog, the processing dialog and the table.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { CREDIT_REASON_LABELS, GAME_PAYMENT_STATE_LABELS, walletBalanceText } from '@playtime/shared/contract/credit';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import { screenshotAtBothWidths } from './support/browser';
import { tabTo, tabToAndPress } from './support/keyboard';
import { browserSuite } from './support/suite';

/** How long credit spent at checkout waits for its join here: long enough for the app's own checkout and join. */
const UNUSED_CREDIT_RETURN_MINUTES = 0.2;
/** The simulated bank's answer to a payment it processes: after that window has closed. */
const BANK_PROCESSING_SECONDS = 20;

describe('late cancellations, credit and who has paid in the browser', () => {
  const suite = browserSuite({
    env: {
      UNUSED_CREDIT_RETURN_MINUTES: String(UNUSED_CREDIT_RETURN_MINUTES),
      SIMULATED_BANK_PROCESSING_SECONDS: String(BANK_PROCESSING_SECONDS),
    },
  });
  let captain: ApiClient;
  let player: ApiClient;
  let anonymous: ApiClient;
  let fullGame: string;
  let nextGame: string;
  let freeGame: string;
  let unfinishedGame: string;
  let bankGame: string;
  let waiting: ApiClient;

  const entry = (gameId: string): PaymentPurpose => ({ kind: 'entry', gameId });
  async function payAndJoin(client: ApiClient, gameId: string) {
    client.seesWritesOf(captain);
    const paymentId = await payInFull(client, anonymous, entry(gameId), 200);
    const joined = await client.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
  }

  beforeAll(async () => {
    anonymous = new ApiClient(suite.app.url, null);
    const owner = await suite.api('owner');
    captain = await suite.api('captain');
    player = await suite.api('player');
    const { subFieldId } = await addAvailableField(owner, { name: 'Credit Fields', address: '9 Wallet Way' });
    captain.seesWritesOf(owner);
    const book = async (from: number, draft: Record<string, unknown>) =>
      (
        await bookPaidGame(captain, anonymous, subFieldId, from, from + 1, {
          maxPlayers: 14,
          price: '2',
          ...draft,
        })
      ).gameId;
    // Free cancellation ends 72 hours before these starts: every leave now is a late one.
    fullGame = await book(9, { name: 'Full Friday', sidelineSize: 0, freeCancellationHours: 72 });
    nextGame = await book(11, { name: 'Next Friday', freeCancellationHours: 72 });
    freeGame = await book(13, { name: 'Free To Leave', freeCancellationHours: 0 });
    unfinishedGame = await book(15, { name: 'Never Finished' });
    bankGame = await book(17, { name: 'Bank Holiday', price: '3' });
    await payAndJoin(player, fullGame);
    for (let index = 1; index <= 13; index += 1)
      await payAndJoin(await signUpPlayer(suite.app, `full${index}@playtime.test`, `full${index}`), fullGame);
    waiting = await signUpPlayer(suite.app, 'waiting@playtime.test', 'waiting');
    waiting.seesWritesOf(captain);
    const queued = await waiting.post('/api/join-waitlist', { gameId: fullGame });
    expect(queued.status, queued.text).toBe(200);
    await payAndJoin(player, freeGame);
  }, 300_000);

  const paymentsTable = (page: Page) => page.getByRole('table', { name: 'Who has paid' });
  const rowOf = (page: Page, name: string) =>
    paymentsTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('leaves late, the table follows live, the waitlist refills the place and the credit pays the next game', async () => {
    const organizer = await suite.signedInPage('captain@playtime.test', { at: `/game-details/${fullGame}` });
    await rowOf(organizer, 'player').getByText(GAME_PAYMENT_STATE_LABELS.paid).waitFor({ timeout: 20_000 });
    expect(await paymentsTable(organizer).getByRole('row').count()).toBe(15);
    await screenshotAtBothWidths(organizer, 'credit-payments-table');

    // The player leaves with the keyboard; the dialog says the rule before they confirm.
    const page = await suite.signedInPage('player@playtime.test', { at: `/game-details/${fullGame}` });
    await tabToAndPress(page, page.getByRole('button', { name: 'Leave Game' }));
    const dialog = page.getByRole('dialog', { name: 'Leave Game' });
    await dialog
      .getByText(/Free cancellation has passed: your entry of \$2\.00 stays paid/)
      .waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await screenshotAtBothWidths(page, 'credit-leave-late-dialog');
    await tabToAndPress(page, dialog.getByRole('button', { name: 'Leave', exact: true }));
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

    // The organizer's table says so without a reload.
    await rowOf(organizer, 'player').getByText(GAME_PAYMENT_STATE_LABELS.kept).waitFor({ timeout: 20_000 });

    // The waitlist takes the place: the leaver's entry comes back as credit, and the table shows both.
    waiting.seesWritesOf(player);
    await payAndJoin(waiting, fullGame);
    await rowOf(organizer, 'waiting').getByText(GAME_PAYMENT_STATE_LABELS.paid).waitFor({ timeout: 20_000 });
    await rowOf(organizer, 'player').getByText(GAME_PAYMENT_STATE_LABELS.credited).waitFor({ timeout: 20_000 });

    // The profile's wallet shows the credit, live.
    await page.goto(suite.url('/profile'));
    const wallet = page.getByTestId('wallet-card');
    await wallet.getByText(walletBalanceText(200)).waitFor({ timeout: 20_000 });
    await wallet.getByText(new RegExp(CREDIT_REASON_LABELS.place_refilled)).waitFor();
    await screenshotAtBothWidths(page, 'credit-wallet-card');

    // The credit pays the next game: Join Game joins with no card form.
    await page.goto(suite.url(`/game-details/${nextGame}`));
    await tabToAndPress(page, page.getByRole('button', { name: 'Join Game' }));
    await page.getByRole('button', { name: 'Leave Game' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('dialog', { name: 'Pay by card' }).count()).toBe(0);
    await page.goto(suite.url('/profile'));
    await wallet.getByText(new RegExp(CREDIT_REASON_LABELS.spent)).waitFor({ timeout: 20_000 });
    await organizer.context().close();
    await page.context().close();
  }, 240_000);

  it('asks where a refund within free cancellation goes, by keyboard, and credits it at once', async () => {
    const page = await suite.signedInPage('player@playtime.test', { at: `/game-details/${freeGame}` });
    await tabToAndPress(page, page.getByRole('button', { name: 'Leave Game' }));
    const dialog = page.getByRole('dialog', { name: 'Leave Game' });
    await dialog.getByText(/within free cancellation: \$2\.00 comes back in full/).waitFor({ timeout: 20_000 });
    const toCard = dialog.getByRole('radio', { name: /To my card/ });
    await tabTo(page, toCard);
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /As Playtime credit/ }).isChecked()).toBe(true);
    await screenshotAtBothWidths(page, 'credit-leave-free-dialog');
    await tabToAndPress(page, dialog.getByRole('button', { name: 'Leave', exact: true }));
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.goto(suite.url('/profile'));
    await page
      .getByTestId('wallet-card')
      .getByText(new RegExp(CREDIT_REASON_LABELS.left_in_free_window))
      .waitFor({ timeout: 20_000 });
    await page.context().close();
  }, 120_000);

  it('gives back credit a checkout spent when no join followed, and the open wallet says why, live', async () => {
    // The player holds the $2.00 the leave before credited.
    const page = await suite.signedInPage('player@playtime.test', { then: '/profile' });
    const wallet = page.getByTestId('wallet-card');
    await wallet.getByText(walletBalanceText(200)).waitFor({ timeout: 20_000 });
    // A checkout that spends the credit, in a tab closed before its join.
    player.seesWritesOf(captain);
    const paid = await player.post('/api/checkout', { price: 200, purpose: entry(unfinishedGame), useCredit: true });
    expect(paid.status, paid.text).toBe(200);
    await wallet.getByText(walletBalanceText(0)).waitFor({ timeout: 20_000 });
    await wallet
      .getByText(new RegExp(CREDIT_REASON_LABELS.checkout_unused))
      .waitFor({ timeout: UNUSED_CREDIT_RETURN_MINUTES * 60_000 + 30_000 });
    await wallet.getByText(walletBalanceText(200)).waitFor();
    await screenshotAtBothWidths(page, 'credit-wallet-checkout-returned');
    await page.context().close();
  }, 120_000);

  it('keeps the credit beside a card its bank is processing, and gives it back live when the bank declines', async () => {
    // Two browsers: the player's wallet is open in one, and they pay on the game page in the other.
    const walletPage = await suite.signedInPage('player@playtime.test', { then: '/profile' });
    const wallet = walletPage.getByTestId('wallet-card');
    await wallet.getByText(walletBalanceText(200)).waitFor({ timeout: 20_000 });
    const page = await suite.signedInPage('player@playtime.test', { at: `/game-details/${bankGame}` });
    await tabToAndPress(page, page.getByRole('button', { name: 'Join Game' }));
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await dialog.getByText(/your credit pays \$2\.00/).waitFor({ timeout: 20_000 });
    // The dialog opens on the card number; the rest by keyboard.
    const cardNumber = dialog.getByLabel('Card number');
    await expect
      .poll(() => cardNumber.evaluate((node) => node === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.type('4000 0000 0000 1729');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1235');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    const notice = dialog.getByTestId('bank-processing');
    await notice.getByText('Your bank is processing the payment').waitFor({ timeout: 20_000 });
    // The Pay button is gone: the focus is on what happened, not lost.
    expect(await notice.evaluate((node) => node === document.activeElement)).toBe(true);
    await screenshotAtBothWidths(page, 'credit-card-processing-dialog');
    // Spent at checkout, as the other browser shows at once.
    await wallet.getByText(walletBalanceText(0)).waitFor({ timeout: 20_000 });
    // The window closes while the bank still processes the card part; the bank declines it later, and
    // the credit beside it comes back, live, with its reason.
    await expect
      .poll(() => wallet.getByText(new RegExp(CREDIT_REASON_LABELS.checkout_unused)).count(), {
        timeout: (BANK_PROCESSING_SECONDS + 40) * 1000,
      })
      .toBe(2);
    await wallet.getByText(walletBalanceText(200)).waitFor({ timeout: 20_000 });
    await screenshotAtBothWidths(walletPage, 'credit-wallet-bank-declined');
    await walletPage.context().close();
    await page.context().close();
  }, 180_000);
});

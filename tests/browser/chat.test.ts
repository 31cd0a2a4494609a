/**
 * A game's chat in the browser (issue #46): two players and their organizer, each in a browser window
 * of their own on the game's page, chat live. A player writes with the keyboard alone (Enter sends);
 * the others see it without a reload; what looks like HTML is shown as typed; the organizer posts an
 * announcement, pinned at the top of every member's chat; a player deletes their own message with the
 * keyboard and everyone sees 'Message deleted'. Unread counts on the profile's game card and in the bell
 * change live while the profile is open; a long chat loads its earlier page when scrolled to the top. A
 * guest on the same page sees no chat. axe and screenshots at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHAT_PAGE, CHAT_TEXTS, type UnreadGameMessages } from '@playtime/shared/contract/chat-texts';
import { chatStream, messageIdOf } from '@playtime/shared/domain/chat/streams';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { signUpPlayer } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { scheduleFreeGameTomorrow } from '../support/game-streams';
import { PHONE, expectAccessible, screenshot, screenshotAtBothWidths } from './support/browser';
import { tabTo, tabToAndPress } from './support/keyboard';
import { browserSuite } from './support/suite';

describe("a game's chat", () => {
  const suite = browserSuite();
  let store: EventStore;
  let gameId: string;
  let kaiApi: ApiClient;

  beforeAll(async () => {
    store = checkEventSchemas(await PostgresEventStore.connect(suite.app.databaseUrl));
    const captain = await suite.api('captain');
    const owner = await suite.api('owner');
    const idOf = async (client: ApiClient) => ((await client.get('/api/get-user')).json as { userId: string }).userId;
    gameId = await scheduleFreeGameTomorrow(store, captain, {
      gameId: `chat-${randomUUID()}`,
      name: 'Thursday Chat Kickabout',
      organizerId: await idOf(captain),
      organizerUsername: 'captain',
      ownerId: await idOf(owner),
    });
    const player = await suite.api('player');
    kaiApi = await signUpPlayer(suite.app, 'kai@chat.test', 'kai');
    for (const member of [player, kaiApi]) {
      const joined = await member.post('/api/join-game', { gameId, team: 0 });
      expect(joined.status, joined.text).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    await store?.close();
  });

  const chatOf = (page: Page) => page.getByRole('region', { name: CHAT_TEXTS.title, exact: true });
  const logOf = (page: Page) => chatOf(page).getByRole('log', { name: 'Chat messages' });
  const messageBox = (page: Page) => chatOf(page).getByLabel('Message', { exact: true });

  it('lets two players and their organizer chat live, with the keyboard alone, text shown as typed', async () => {
    const at = `/game-details/${gameId}`;
    const player = await suite.signedInPage('player@playtime.test', { at });
    const kai = await suite.signedInPage('kai@chat.test', { at, password: 'sign-up ok', viewport: PHONE });
    const organizer = await suite.signedInPage('captain@playtime.test', { at });
    for (const page of [player, kai, organizer])
      await logOf(page).getByText(CHAT_TEXTS.empty).waitFor({ timeout: 20_000 });

    // The player writes with the keyboard: Tab to the box, type, Enter sends.
    await tabTo(player, messageBox(player));
    await player.keyboard.type('Running 10 minutes late, start without me');
    await player.keyboard.press('Enter');
    for (const page of [player, kai, organizer])
      await logOf(page).getByText('Running 10 minutes late, start without me').waitFor({ timeout: 20_000 });
    expect(await messageBox(player).inputValue()).toBe('');

    // Kai on a phone writes something that looks like HTML: shown as typed, nothing made of it.
    await messageBox(kai).fill('<b>who</b> has the <i>bibs</i>? @player');
    await chatOf(kai).getByRole('button', { name: CHAT_TEXTS.send }).click();
    for (const page of [player, organizer])
      await logOf(page).getByText('<b>who</b> has the <i>bibs</i>? @player').waitFor({ timeout: 20_000 });
    expect(await logOf(organizer).locator('b, i').count()).toBe(0);

    // The organizer posts an announcement with the keyboard: text, the checkbox (Space), then Send.
    await tabTo(organizer, messageBox(organizer));
    await organizer.keyboard.type('Bring a light and a dark shirt');
    await tabToAndPress(
      organizer,
      chatOf(organizer).getByRole('checkbox', { name: CHAT_TEXTS.asAnnouncement }),
      'Space',
    );
    await tabToAndPress(organizer, chatOf(organizer).getByRole('button', { name: CHAT_TEXTS.send }));
    for (const page of [player, kai, organizer])
      await chatOf(page)
        .getByTestId('chat-pinned')
        .getByText('Bring a light and a dark shirt')
        .waitFor({ timeout: 20_000 });
    // A player has no announcement checkbox.
    expect(await chatOf(player).getByRole('checkbox').count()).toBe(0);

    await screenshotAtBothWidths(organizer, 'game-chat-organizer');
    await screenshot(kai, 'game-chat-player-phone');

    // The player deletes their own message with the keyboard (Shift+Tab back from the box to its button,
    // the only delete button they have); every page shows it deleted.
    await tabToAndPress(
      player,
      logOf(player).getByRole('button', { name: /^Delete message from player\b/ }),
      'Enter',
      true,
    );
    for (const page of [player, kai, organizer])
      await logOf(page).getByText(CHAT_TEXTS.deleted).waitFor({ timeout: 20_000 });
    expect(await logOf(kai).getByText('Running 10 minutes late, start without me').count()).toBe(0);
    // Kai may not delete the organizer's message: only their own has a delete button.
    expect(
      await logOf(kai)
        .getByRole('button', { name: /^Delete message from captain\b/ })
        .count(),
    ).toBe(0);
    await screenshot(player, 'game-chat-after-delete-desktop');

    for (const page of [player, kai, organizer]) await page.context().close();
  }, 240_000);

  it("counts a chat's unread messages live on the profile's game card and in the bell, until the chat is read", async () => {
    const player = await suite.api('player');
    // Kai's profile is open before anyone writes: the counts change while it stays open, without a reload.
    const kai = await suite.signedInPage('kai@chat.test', { then: '/profile', password: 'sign-up ok' });
    const card = kai.getByRole('link', { name: /Thursday Chat Kickabout/ });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('unread-messages').count()).toBe(0);
    const bellButton = kai.getByRole('button', { name: /^Notifications/ });
    const bellBefore = await bellButton.getAttribute('aria-label');

    expect((await player.post('/api/send-game-message', { gameId, text: 'Who brings the ball?' })).status).toBe(200);
    await card.getByText(CHAT_TEXTS.unread(1)).waitFor({ timeout: 20_000 });
    expect((await player.post('/api/send-game-message', { gameId, text: 'I have a pump' })).status).toBe(200);
    await card.getByText(CHAT_TEXTS.unread(2)).waitFor({ timeout: 20_000 });
    await expect.poll(() => bellButton.getAttribute('aria-label'), { timeout: 20_000 }).not.toBe(bellBefore);

    // The bell says which game's chat, and leads there with the keyboard.
    await tabToAndPress(kai, bellButton);
    const bell = kai.getByRole('dialog', { name: 'Notifications' });
    const line = bell.getByRole('button', { name: CHAT_TEXTS.unreadIn(2, 'Thursday Chat Kickabout') });
    await line.waitFor({ timeout: 20_000 });
    await screenshot(kai, 'game-chat-unread-bell-desktop');
    await tabToAndPress(kai, line);
    await logOf(kai).getByText('Who brings the ball?').waitFor({ timeout: 20_000 });

    // Seen on the game's page, it is read: the card counts nothing any more.
    await expect.poll(async () => (await kaiApi.read<UnreadGameMessages>('/api/unread-game-messages')).total).toBe(0);
    await kai.goto(suite.url('/profile'));
    await kai.getByRole('link', { name: /Thursday Chat Kickabout/ }).waitFor({ timeout: 20_000 });
    expect(await kai.getByTestId('unread-messages').count()).toBe(0);
    await kai.context().close();
  }, 120_000);

  it('loads earlier messages when the top of the chat is scrolled into view, keeping the one read in place', async () => {
    // A long chat: more messages than a page (written to the chat's stream, past the ten-a-minute limit).
    const { userId: playerId } = (await (await suite.api('player')).get('/api/get-user')).json as { userId: string };
    const sentAt = Date.now() - 60 * 60_000;
    const count = CHAT_PAGE.fallback + 15;
    await store.appendToStream(
      chatStream(gameId),
      Array.from({ length: count }, (_, i) => ({
        type: 'GameMessageSent',
        data: {
          gameId,
          messageId: messageIdOf(gameId, `history-${i + 1}`),
          authorId: playerId,
          authorUsername: 'player',
          text: `Old message number ${i + 1}`,
          sentAt: new Date(sentAt + i * 1000).toISOString(),
          announcement: false,
          mentions: [],
        },
      })),
      { expectedRevision: 'any' },
    );
    const kai = await suite.signedInPage('kai@chat.test', {
      at: `/game-details/${gameId}`,
      password: 'sign-up ok',
      viewport: PHONE,
    });
    const log = logOf(kai);
    const newest = log.getByText(`Old message number ${count}`, { exact: true });
    await newest.waitFor({ timeout: 20_000 });
    // The newest page only; the earliest message is not there yet.
    expect(await log.getByText('Old message number 1', { exact: true }).count()).toBe(0);
    const firstShown = log.getByText(`Old message number ${count - CHAT_PAGE.fallback + 1}`, { exact: true });
    expect(await firstShown.count()).toBe(1);

    // Scrolled up to the top, the earlier page comes; the message at the top stays in view. The list is
    // scrolled at once, not with the wheel: a wheel's scroll is animated, and a page arriving while the
    // animation runs can be scrolled past (the likely cause of this test failing twice in CI on a slow
    // machine, 2026-11-30, the message found below the list's visible part).
    const earliest = log.getByText('Old message number 1', { exact: true });
    await log.scrollIntoViewIfNeeded();
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await earliest.waitFor({ timeout: 20_000 });
    // Still inside the list's visible part, not pushed down by the page added above it.
    const insideTheList = () =>
      firstShown.evaluate((element) => {
        const list = element.closest('[role="log"]')!.getBoundingClientRect();
        const shown = element.getBoundingClientRect();
        return shown.top >= list.top - 1 && shown.bottom <= list.bottom + 1;
      });
    await expect.poll(insideTheList).toBe(true);
    expect(await log.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await screenshot(kai, 'game-chat-earlier-page-phone');
    await expectAccessible(kai);
    await kai.context().close();
  }, 120_000);

  it('shows no chat to a guest on the game page', async () => {
    const { context, page } = await suite.window();
    await page.goto(suite.url(`/game-details/${gameId}`));
    await page.getByRole('heading', { name: 'Thursday Chat Kickabout' }).waitFor({ timeout: 20_000 });
    expect(await chatOf(page).count()).toBe(0);
    await context.close();
  }, 60_000);
});

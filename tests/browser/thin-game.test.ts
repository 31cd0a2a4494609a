/**
 * A thin game cancels itself (issue #29): at its decision time the minimum-players check finds too few
 * players, and every open page of the game (a player's and a guest's) shows the cancellation and why,
 * live (the refunds themselves: tests/integration/full-games.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDecider, type GameCommand } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import { minimumDecisionAt } from '@playtime/shared/domain/games/rules';
import type { GameDetail } from '@playtime/shared/contract/games';
import { commandDoorOf } from '@playtime/shared/infra/commands/command-door';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { addAvailableField, bookPaidGame, demoPeople, payInFull } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { at } from '../support/time';
import { PHONE, screenshot } from './support/browser';

// Issue #45: the entry was only held on the card (a thin game within 6 days of its start): released, not refunded.
const WHY =
  /^This game was cancelled\. Fewer than 4 players had joined by 3 hours before the start, so no card was charged: every hold is released\.$/;

describe('a thin game in the browser', () => {
  const suite = browserSuite();
  let store: EventStore;

  beforeAll(async () => {
    store = checkEventSchemas(await PostgresEventStore.connect(suite.app.databaseUrl));
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  it('cancels itself at its decision time, and every open page says why, live', async () => {
    const { clients } = await demoPeople(suite.app.url);
    const { subFieldId } = await addAvailableField(clients.owner, {
      name: 'Thin Park',
      address: '9 Thin St',
      subFieldName: 'Pitch A',
      startDate: at(8),
      endDate: at(23),
    });
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 18, 19, {
      name: 'Thin Match',
      maxPlayers: 14,
      price: 5,
      minPlayers: 4,
      decisionHours: 3,
    });
    const paymentId = await payInFull(clients.player, clients.anonymous, { kind: 'entry', gameId }, 500);
    expect((await clients.player.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);

    const player = await suite.signedIn('player@playtime.test', { at: `/game-details/${gameId}` });
    await player.page.getByRole('heading', { name: 'Thin Match' }).first().waitFor();
    const guest = await suite.window(PHONE);
    await guest.page.goto(suite.url(`/game-details/${gameId}`));
    await guest.page.getByRole('heading', { name: 'Thin Match' }).first().waitFor();

    // The decision time comes: the check's job runs the command then (here, on the app's own log).
    const game = (await clients.anonymous.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    const decisionAt = minimumDecisionAt({
      startDate: game.start_date,
      minPlayers: game.minPlayers,
      decisionHours: 3,
    })!;
    const check: GameCommand = { type: 'CheckMinimumPlayers' };
    const outcome = await commandDoorOf({ store }).run({
      decider: gameDecider,
      streamId: gameStream(gameId),
      command: check,
      now: decisionAt,
      newId: () => gameId,
      actorId: null,
      metadata: { userId: null, correlationId: 'thin-game', causationId: null },
    });
    expect(outcome.appended).toBeTruthy();

    for (const [page, label] of [
      [player.page, 'desktop'],
      [guest.page, 'phone'],
    ] as const) {
      await page.getByTestId('game-cancelled').getByText(WHY).waitFor({ timeout: 20_000 });
      await screenshot(page, `thin-game-cancelled-${label}`);
    }
    await player.context.close();
    await guest.context.close();
  }, 120_000);
});

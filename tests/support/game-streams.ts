import { randomUUID } from 'node:crypto';
import type { DecisionContext } from '@playtime/shared/domain/decider';
import { gameDecider, type GameCommand } from '@playtime/shared/domain/games/decider';
import type { GameDetails } from '@playtime/shared/domain/games/events';
import { gameStream } from '@playtime/shared/domain/games/streams';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { testGameDetails } from '@playtime/shared/testing/games';
import type { ApiClient } from './api-client';
import { HOUR } from './time';
import { waitFor } from './wait';

/** A command on a game's stream through the command handler, as the test's own actor (none by default), now. */
export function commandOnGame(
  store: EventStore,
  gameId: string,
  command: GameCommand,
  context: Partial<DecisionContext> = {},
) {
  return handleCommand({
    store,
    decider: gameDecider,
    streamId: gameStream(gameId),
    command,
    context: { newId: randomUUID, actorId: null, now: new Date(), ...context },
    metadata: { userId: null, correlationId: 'test-game-stream', causationId: null },
  });
}

/**
 * A free game tomorrow for an hour, scheduled on its stream as a booking would (a test that needs no
 * rental), and read once through `reader` so the read side has it.
 */
export async function scheduleFreeGameTomorrow(
  store: EventStore,
  reader: ApiClient,
  details: Partial<GameDetails> & Pick<GameDetails, 'gameId' | 'organizerId' | 'ownerId'>,
): Promise<string> {
  const start = Date.now() + 24 * HOUR;
  const game = testGameDetails({
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + HOUR).toISOString(),
    minPlayers: null,
    sidelineSize: null,
    ...details,
  });
  await commandOnGame(store, game.gameId, {
    type: 'ScheduleGame',
    details: game,
    rentalPaymentId: null,
    rentalCents: 0,
  });
  await waitFor(
    'the game projected',
    async () => (await reader.get(`/api/get-game-data?gameId=${game.gameId}`)).status === 200,
  );
  return game.gameId;
}

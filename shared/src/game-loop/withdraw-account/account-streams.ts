import { fieldDecider } from '../../domain/fields/decider';
import { fieldStream } from '../../domain/fields/events';
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';

/**
 * The streams an account's deletion withdraws, found in the log itself (EventStore.findEvents over the
 * store's own tables: the write side reads no read model to decide). The event that made each stream
 * names the account; the stream's own state then says whether anything is left to withdraw.
 */
type Lookup = Pick<CommandDoor, 'store' | 'streamStates'>;

const idsNamed = async (commands: Lookup, type: string, key: string, value: string, id: string) => [
  ...new Set(
    (await commands.store.findEvents({ type, key, value })).map((event) => (event.data as Record<string, string>)[id]!),
  ),
];

/** The fields the account added and did not delete (a withdrawn one is withdrawn again: it changes nothing, and finds its games). */
export async function ownedFieldIds(commands: Lookup, userId: string): Promise<string[]> {
  const fieldIds = await idsNamed(commands, 'FieldAdded', 'ownerId', userId, 'fieldId');
  const states = await Promise.all(
    fieldIds.map((fieldId) => currentState(commands.store, fieldDecider, fieldStream(fieldId), commands.streamStates)),
  );
  return fieldIds.filter((_, index) => states[index]!.status !== 'deleted').sort();
}

/** The games the account organized that are scheduled and have not ended, in the order they start. */
export async function organizedGameIds(commands: Lookup, userId: string, now: Date): Promise<string[]> {
  const gameIds = await idsNamed(commands, 'GameScheduled', 'organizerId', userId, 'gameId');
  const games = await Promise.all(
    gameIds.map((gameId) => currentState(commands.store, gameDecider, gameStream(gameId), commands.streamStates)),
  );
  return games
    .flatMap((game, index) =>
      game.status === 'scheduled' && game.end > now.getTime() ? [{ gameId: gameIds[index]!, start: game.start }] : [],
    )
    .sort((a, b) => a.start - b.start || a.gameId.localeCompare(b.gameId))
    .map((game) => game.gameId);
}

/** The games a player ever joined or waited for: each game's own stream then says whether they still hold anything in it. */
export async function joinedGameIds(commands: Lookup, playerId: string): Promise<string[]> {
  const found = await Promise.all(
    ['PlayerJoined', 'WaitlistJoined'].map((type) => idsNamed(commands, type, 'playerId', playerId, 'gameId')),
  );
  return [...new Set(found.flat())];
}

import { gameDecider, type GameCommand } from '../domain/games/decider';
import { gameStream } from '../domain/games/events';
import type { CommandDoor } from '../infra/commands/command-door';
import type { EventMetadata } from '../infra/eventstore/port';

/** A decision on one game by a job of the game loop (no person asked for it). */
export async function decideOnGame(
  commands: CommandDoor,
  gameId: string,
  command: GameCommand,
  metadata: EventMetadata,
): Promise<void> {
  await commands.run({
    decider: gameDecider,
    streamId: gameStream(gameId),
    command,
    newId: () => gameId,
    actorId: null,
    metadata,
  });
}

import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';
import { decideOnGame } from '../game-decision';

export type CheckMinimumPlayersJob = { kind: 'check-minimum-players'; gameId: string };

/** Its cancellation, if the game has too few players, refunds through the GameCancelled reaction. */
export async function checkMinimumPlayers(commands: CommandDoor, job: CheckMinimumPlayersJob, metadata: EventMetadata) {
  await decideOnGame(commands, job.gameId, { type: 'CheckMinimumPlayers' }, metadata);
}

import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';
import { decideOnGame } from '../game-decision';

/** Issue #31: a set time before the start, the members are reminded. */
export type RemindPlayersJob = { kind: 'remind-players'; gameId: string };

/** A game cancelled meanwhile, or reminded already, decides nothing. */
export async function remindPlayers(commands: CommandDoor, job: RemindPlayersJob, metadata: EventMetadata) {
  await decideOnGame(commands, job.gameId, { type: 'RemindPlayers' }, metadata);
}

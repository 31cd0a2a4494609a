import type { AvailabilityEvent } from '../../domain/availability/events';
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { EventMetadata } from '../../infra/eventstore/port';
import { scheduleBookedGame } from './booking';

export type ScheduleGameJob = {
  kind: 'schedule-game';
  booking: Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'];
};

/** Makes the booking's game, unless it is made already. */
export async function scheduleGame(
  deps: { commands: CommandDoor; cancellationWindowHours: number },
  job: ScheduleGameJob,
  metadata: EventMetadata,
): Promise<void> {
  const { commands } = deps;
  // Usually the booking step made the game a moment after the booking: then this is all it costs.
  const game = await currentState(commands.store, gameDecider, gameStream(job.booking.gameId), commands.streamStates);
  if (game.status !== 'none') return;
  await scheduleBookedGame(deps, job.booking, { cancellationWindowHours: deps.cancellationWindowHours, metadata });
}

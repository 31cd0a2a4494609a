import { leftLate } from '../../domain/games/attendance-rules';
import { gameDecider } from '../../domain/games/decider';
import { gameStream } from '../../domain/games/events';
import { attendanceOf } from '../../domain/games/queries';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { EventMetadata } from '../../infra/eventstore/port';

/** Record on `playerId`'s stream how their attendance at the game counts now; `leftAt` for a leave. */
export type RecordAttendanceJob = {
  kind: 'record-attendance';
  gameId: string;
  playerId: string;
  leftAt: string | null;
};

/**
 * The game's word on the player now: their mark or check-in; else, when they left within
 * LATE_LEAVE_HOURS_BEFORE_START of the start and are not back, 'late'; nothing for a cancelled game.
 */
export async function recordAttendance(commands: CommandDoor, job: RecordAttendanceJob, metadata: EventMetadata) {
  const game = await currentState(commands.store, gameDecider, gameStream(job.gameId), commands.streamStates);
  if (game.status === 'none') return;
  const isMember = game.participants.some((participant) => participant.playerId === job.playerId);
  const marked = attendanceOf(game, job.playerId);
  const late = job.leftAt !== null && !isMember && leftLate(game.start, Date.parse(job.leftAt)) ? 'late' : null;
  await commands.run({
    decider: userDecider,
    streamId: userStream(job.playerId),
    command: {
      type: 'RecordAttendance',
      gameId: job.gameId,
      startDate: game.details.startDate,
      status: game.status === 'cancelled' ? null : (marked ?? late),
    },
    newId: () => job.gameId,
    actorId: null,
    metadata,
  });
}

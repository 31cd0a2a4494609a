import type { GameEvent, Team } from '../events';
import { member, refuseUnlessOpen, refuseUnlessOrganizer } from '../guards';
import { refuseUnlessRoom } from '../policies/capacity';
import { secondsOnPitch } from '../rules';
import type { Participant, ScheduledGame } from '../state';
import type { Decide } from './game-command';

/** The move of one participant to a team, or nothing when they are there already. */
export function moveOnce(
  game: ScheduledGame,
  mover: Participant,
  to: Team,
  movedBy: string,
  now: number,
  at: string,
): GameEvent[] {
  if (mover.team === to) return [];
  if (to !== 0) refuseUnlessRoom(game, mover, to, now);
  // A move between the teams keeps the interval running; only the sideline ends it.
  const playedSeconds = to === 0 ? secondsOnPitch(mover.onPitchSince, now, game.start, game.end) : 0;
  return [
    {
      type: 'PlayerMoved',
      data: { gameId: game.details.gameId, playerId: mover.playerId, from: mover.team, to, movedBy, at, playedSeconds },
    },
  ];
}

export const movePlayer: Decide<'MovePlayer'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  const mover = member(game, command.playerId);
  if (context.actorId !== command.playerId) refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  return moveOnce(game, mover, command.to, context.actorId!, context.now.getTime(), context.now.toISOString());
};

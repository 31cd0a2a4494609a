import { DomainError } from '../../decider';
import {
  ATTENDANCE_CLOSED,
  ATTENDANCE_NOT_A_MEMBER,
  ATTENDANCE_NOT_OPEN,
  checkInTimesOf,
  NO_ATTENDANCE_MARK,
  ONLY_ADMINS_CLEAR_MARKS,
  ONLY_ORGANIZER_MARKS,
} from '../attendance-rules';
import { attendanceOf } from '../queries';
import type { Decide } from './game-command';
import { refuseOutside, refuseUnlessHeld } from './attendance-guards';
import { refuseUnlessOrganizerOfOpenGame } from '../guards';

/**
 * Issue #44: the organizer (or an admin) marks a member Present, Late or No-show, from 30 minutes before
 * the start until 24 hours after the end, and may change the mark in that time. A mark equal to the one
 * that counts already (a check-in is 'present') changes nothing.
 */
export const markAttendance: Decide<'MarkAttendance'> = (command, state, context) => {
  const game = refuseUnlessHeld(state);
  const by = context.actorId;
  if (by === null || (by !== game.details.organizerId && !command.actorIsAdmin))
    throw new DomainError('forbidden', 'not_organizer', ONLY_ORGANIZER_MARKS);
  const times = checkInTimesOf(game.start, game.end);
  refuseOutside(
    context.now.getTime(),
    { opensAt: times.opensAt, closesAt: times.marksCloseAt },
    { code: 'attendance_not_open', message: ATTENDANCE_NOT_OPEN },
    { code: 'attendance_closed', message: ATTENDANCE_CLOSED },
  );
  if (!game.participants.some((participant) => participant.playerId === command.playerId))
    throw new DomainError('not_found', 'not_a_player', ATTENDANCE_NOT_A_MEMBER);
  if (attendanceOf(game, command.playerId) === command.status) return [];
  const { gameId, name, startDate } = game.details;
  return [
    {
      type: 'AttendanceMarked',
      data: {
        gameId,
        playerId: command.playerId,
        status: command.status,
        markedBy: by,
        gameName: name,
        startDate,
        at: context.now.toISOString(),
      },
    },
  ];
};

/**
 * Issue #44: an admin clears a member's mark (a check-in's 'present' too) with a reason: it no longer
 * counts in the player's reliability, and the audit history keeps the event with its reason.
 */
export const clearAttendanceMark: Decide<'ClearAttendanceMark'> = (command, state, context) => {
  const game = refuseUnlessHeld(state);
  const by = context.actorId;
  if (by === null || !command.actorIsAdmin) throw new DomainError('forbidden', 'not_admin', ONLY_ADMINS_CLEAR_MARKS);
  if (attendanceOf(game, command.playerId) === null)
    throw new DomainError('conflict', 'no_attendance_mark', NO_ATTENDANCE_MARK);
  return [
    {
      type: 'AttendanceMarkCleared',
      data: {
        gameId: game.details.gameId,
        playerId: command.playerId,
        clearedBy: by,
        reason: command.reason,
        at: context.now.toISOString(),
      },
    },
  ];
};

/** Issue #44: the organizer (or an admin) sets 'Reliable players only' (a minimum percent) or lifts it (null). */
export const setMinReliability: Decide<'SetMinReliability'> = (command, state, context) => {
  const { game, by } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  if (game.minReliability === command.minReliability) return [];
  return [
    {
      type: 'MinReliabilitySet',
      data: {
        gameId: game.details.gameId,
        minReliability: command.minReliability,
        setBy: by,
        at: context.now.toISOString(),
      },
    },
  ];
};

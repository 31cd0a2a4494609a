import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../domain/games/attendance-rules';
import { MIN_RELIABILITY_CEILING, MIN_RELIABILITY_FLOOR } from '../domain/games/policies/reliability';
import { requiredId } from './text';

/**
 * Issue #44: the calls' schemas of check-in, attendance and reliability. Their texts, windows,
 * statuses and answer shapes live in attendance-texts.ts (no schema there, for the pages that only
 * show them) and are re-exported here.
 */
export * from './attendance-texts';

/** GET /api/check-in-code?gameId (the organizer and admins), answered with a CheckInCode. */
export const checkInCodeQuery = z.object({ gameId: requiredId('gameId') });

/**
 * POST /api/check-in: `code` is the 6 digits typed, or the text of the scanned QR code (which names
 * its game, so a code of another game is told apart from a wrong one).
 */
export const checkInBody = z.object({
  gameId: requiredId('gameId'),
  code: z
    .string({ message: 'Enter the 6-digit code the organizer shows' })
    .trim()
    .min(1, 'Enter the 6-digit code the organizer shows')
    .max(500, 'That is not a check-in code'),
});

/** POST /api/mark-attendance (the organizer and admins). */
export const markAttendanceBody = z.object({
  gameId: requiredId('gameId'),
  participantId: requiredId('participantId'),
  status: z.enum(ATTENDANCE_STATUSES, { message: "status must be one of: 'present', 'late', 'no_show'" }),
});

/** POST /api/admin/clear-attendance-mark (admins): the mark is gone from reliability; audited with its reason. */
export const clearAttendanceMarkBody = z.object({
  gameId: requiredId('gameId'),
  participantId: requiredId('participantId'),
  reason: z
    .string({ message: 'Say why the mark is cleared' })
    .trim()
    .min(1, 'Say why the mark is cleared')
    .max(500, 'The reason is at most 500 characters'),
});

const MIN_RELIABILITY_MESSAGE = `minReliability is a whole percent from ${MIN_RELIABILITY_FLOOR} to ${MIN_RELIABILITY_CEILING}, or null for anyone`;

/** 'Reliable players only' (RELIABLE_PLAYERS_ONLY_LABEL): a minimum percent from 50 to 100, or null. */
export const minReliability = z
  .number({ message: MIN_RELIABILITY_MESSAGE })
  .int(MIN_RELIABILITY_MESSAGE)
  .min(MIN_RELIABILITY_FLOOR, MIN_RELIABILITY_MESSAGE)
  .max(MIN_RELIABILITY_CEILING, MIN_RELIABILITY_MESSAGE)
  .nullable();

/** POST /api/set-min-reliability (the organizer and admins): configure a game for reliable players only. */
export const setMinReliabilityBody = z.object({ gameId: requiredId('gameId'), minReliability });

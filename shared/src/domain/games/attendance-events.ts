import { z } from 'zod';
import { eventSchema } from '../event-schemas';
import { ATTENDANCE_STATUSES } from './attendance-rules';

/** Issue #44: check-ins, attendance marks and 'Reliable players only', on the game's stream. */
const instant = z.iso.datetime({ offset: true });
const attendanceStatus = z.enum(ATTENDANCE_STATUSES);

/**
 * Issue #44: a member checked in at the field with the organizer's code of `window` (the 30-second
 * window the code was signed for). A check-in counts as 'present' unless the organizer marks otherwise.
 */
export const PlayerCheckedIn = eventSchema(
  'PlayerCheckedIn',
  z.object({ gameId: z.string(), playerId: z.string(), window: z.number().int().nonnegative(), at: instant }),
);

/** Issue #44: the organizer (or an admin) marked a member Present, Late or No-show; a later mark replaces it. */
export const AttendanceMarked = eventSchema(
  'AttendanceMarked',
  z.object({
    gameId: z.string(),
    playerId: z.string(),
    status: attendanceStatus,
    markedBy: z.string(),
    /** The game's name and start: what the player hears of it, and what their reliability counts by. */
    gameName: z.string(),
    startDate: instant,
    at: instant,
  }),
);

/** Issue #44: an admin took a member's mark (or check-in) out of their reliability, saying why (audited). */
export const AttendanceMarkCleared = eventSchema(
  'AttendanceMarkCleared',
  z.object({ gameId: z.string(), playerId: z.string(), clearedBy: z.string(), reason: z.string(), at: instant }),
);

/** Issue #44: the organizer made the game for reliable players only (a minimum percent), or for anyone (null). */
export const MinReliabilitySet = eventSchema(
  'MinReliabilitySet',
  z.object({ gameId: z.string(), minReliability: z.number().int().nullable(), setBy: z.string(), at: instant }),
);

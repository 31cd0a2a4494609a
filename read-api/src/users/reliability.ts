import type pg from 'pg';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import type { AttendanceStatus } from '@playtime/shared/domain/games/attendance-rules';
import { standingOf, type NoShowBan, type PlayerStanding } from '@playtime/shared/domain/users/reliability';

type AttendanceRow = ReadModelRow<
  'user_attendance',
  { user_id: string; game_id: string; status: AttendanceStatus; start_date: Date }
>;

/**
 * Issue #44: the players' reliability and recent no-shows, by the same rule the join decision folds
 * from their streams (shared/src/domain/users/reliability.ts), over the records read.user_attendance keeps.
 */
export async function standingsOf(
  pool: pg.Pool,
  userIds: readonly string[],
  ban: NoShowBan,
): Promise<Map<string, PlayerStanding>> {
  const { rows } = await pool.query<AttendanceRow>(
    'SELECT user_id, game_id, status, start_date FROM read.user_attendance WHERE user_id = ANY($1::text[])',
    [userIds],
  );
  const now = Date.now();
  return new Map(
    userIds.map((userId) => [
      userId,
      standingOf(
        rows
          .filter((row) => row.user_id === userId)
          .map((row) => ({ gameId: row.game_id, status: row.status, startDate: row.start_date.toISOString() })),
        now,
        ban,
      ),
    ]),
  );
}

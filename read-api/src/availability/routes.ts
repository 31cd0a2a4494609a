import { ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/messages';
import { FIELD_MANAGER_ROLES } from '@playtime/shared/domain/fields/rules';
import { Router } from 'express';
import type pg from 'pg';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import {
  fieldAvailabilityQuery,
  subFieldAvailabilityQuery,
  type SubFieldCalendarEntry,
  type SubFieldTimeline,
  type TimelineEntry,
} from '@playtime/shared/contract/availability';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';

type WindowRow = ReadModelRow<
  'availability_windows',
  { window_id: string; sub_field_id: string; start_date: Date; end_date: Date; set_id: string | null }
>;

/** Queries about sub-fields' availability (spec §7 field-schedule calls): availability windows, booked games and live holds. */
export function availabilityQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();

  // The owner's timeline: one row per sub-field, empty ones included, entries by start.
  router.get(
    '/api/get-field-schedules',
    requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS),
    async (req, res) => {
      const { fieldId } = parseBody(fieldAvailabilityQuery, req.query);
      const field = await deps.pool.query<ReadModelRow<'fields', { owner_id: string }>>(
        'SELECT owner_id FROM read.fields WHERE field_id = $1 AND NOT deleted',
        [fieldId],
      );
      if (!field.rows[0]) throw new ApiError(404, 'field_not_found', 'There is no field with this id.');
      if (field.rows[0].owner_id !== req.user!.userId && req.user!.role !== 'admin') {
        throw new ApiError(403, 'not_your_field', 'You can only see the schedules of your own fields.');
      }
      const [subFields, windows, games] = await Promise.all([
        deps.pool.query<ReadModelRow<'sub_fields', { sub_field_id: string; name: string }>>(
          'SELECT sub_field_id, name FROM read.sub_fields WHERE field_id = $1 AND NOT removed ORDER BY added_position',
          [fieldId],
        ),
        deps.pool.query<WindowRow>(
          `SELECT window_id, sub_field_id, start_date, end_date, set_id FROM read.availability_windows
          WHERE field_id = $1 ORDER BY start_date, window_id`,
          [fieldId],
        ),
        deps.pool.query<{
          game_id: string;
          sub_field_id: string;
          start_date: Date;
          end_date: Date;
          checked_in: number;
        }>(
          // Issue #44: the tile's check-in count: members who checked in (as the game page counts them).
          `SELECT b.game_id, b.sub_field_id, lower(b.during) AS start_date, upper(b.during) AS end_date,
                  (SELECT count(*) FROM read.game_attendance a
                     JOIN read.game_participants p ON p.game_id = a.game_id AND p.player_id = a.player_id
                    WHERE a.game_id = b.game_id AND a.checked_in)::int AS checked_in
             FROM read.bookings b
          WHERE b.field_id = $1 ORDER BY lower(b.during), b.game_id`,
          [fieldId],
        ),
      ]);
      const timeline: SubFieldTimeline[] = subFields.rows.map((subField) => ({
        subFieldId: subField.sub_field_id,
        name: subField.name,
        data: [
          ...windows.rows
            .filter((window) => window.sub_field_id === subField.sub_field_id)
            .map((window): TimelineEntry => ({
              type: 'schedule',
              fieldScheduleId: window.window_id,
              startDate: window.start_date.toISOString(),
              endDate: window.end_date.toISOString(),
              // Only a window of a weekly set says so: it can be changed or deleted with the rest of its set.
              ...(window.set_id === null ? {} : { setId: window.set_id }),
            })),
          ...games.rows
            .filter((game) => game.sub_field_id === subField.sub_field_id)
            .map((game): TimelineEntry => ({
              type: 'game',
              gameId: game.game_id,
              startDate: game.start_date.toISOString(),
              endDate: game.end_date.toISOString(),
              checkedIn: game.checked_in,
            })),
        ],
      }));
      res.json(timeline);
    },
  );

  // The organize wizard's time slots: any logged-in user may see when a sub-field can be booked.
  router.get('/api/get-subfield-schedules', requireUser(deps.resolveUser), async (req, res) => {
    const { subFieldId } = parseBody(subFieldAvailabilityQuery, req.query);
    const subField = await deps.pool.query(
      `SELECT 1 FROM read.sub_fields s JOIN read.fields f ON f.field_id = s.field_id
        WHERE s.sub_field_id = $1 AND NOT s.removed AND NOT f.deleted`,
      [subFieldId],
    );
    if (subField.rowCount === 0) throw new ApiError(404, 'subfield_not_found', 'There is no sub-field with this id.');
    // Windows, booked games and live holds: the wizard shows a slot free only inside a window and outside the rest.
    const { rows } = await deps.pool.query<{
      type: SubFieldCalendarEntry['type'];
      startDate: Date;
      endDate: Date;
      mine: boolean | null;
    }>(
      `SELECT 'schedule' AS type, start_date AS "startDate", end_date AS "endDate", NULL::boolean AS mine FROM read.availability_windows WHERE sub_field_id = $1
       UNION ALL
       SELECT 'game', lower(during), upper(during), organizer_id = $2 FROM read.bookings WHERE sub_field_id = $1
       UNION ALL
       SELECT 'hold', start_date, end_date, organizer_id = $2 FROM read.holds WHERE sub_field_id = $1 AND status = 'live' AND expires_at > now()
       ORDER BY 2, 1`,
      [subFieldId, req.user!.userId],
    );
    const entries = rows.map(({ type, startDate, endDate, mine }): SubFieldCalendarEntry => {
      const times = { startDate: startDate.toISOString(), endDate: endDate.toISOString() };
      return type === 'schedule' ? { type, ...times } : { type, ...times, mine: mine === true };
    });
    res.json(entries);
  });

  return router;
}

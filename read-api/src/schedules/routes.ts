import { FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/decider';
import { Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';

const fieldQuery = z.object({ fieldId: z.string({ error: 'fieldId is required' }).trim().min(1, 'fieldId is required') });
const subFieldQuery = z.object({ subFieldId: z.string({ error: 'subFieldId is required' }).trim().min(1, 'subFieldId is required') });

interface WindowRow {
  field_schedule_id: string;
  sub_field_id: string;
  start_date: Date;
  end_date: Date;
}

/** Queries about sub-field schedules (spec §7 schedule calls). Games join the entries with the games capability. */
export function scheduleQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();

  // The owner's timeline: one row per sub-field, empty ones included, entries by start.
  router.get('/api/get-field-schedules', requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS), async (req, res) => {
    const { fieldId } = parseBody(fieldQuery, req.query);
    const field = await deps.pool.query<{ owner_id: string }>('SELECT owner_id FROM read.fields WHERE field_id = $1 AND NOT deleted', [fieldId]);
    if (!field.rows[0]) throw new ApiError(404, 'field_not_found', 'There is no field with this id.');
    if (field.rows[0].owner_id !== req.user!.userId && req.user!.role !== 'admin') {
      throw new ApiError(403, 'not_your_field', 'You can only see the schedules of your own fields.');
    }
    const [subFields, windows] = await Promise.all([
      deps.pool.query<{ sub_field_id: string; name: string }>(
        'SELECT sub_field_id, name FROM read.sub_fields WHERE field_id = $1 AND NOT removed ORDER BY added_position',
        [fieldId],
      ),
      deps.pool.query<WindowRow>(
        `SELECT field_schedule_id, sub_field_id, start_date, end_date FROM read.field_schedules
          WHERE field_id = $1 ORDER BY start_date, field_schedule_id`,
        [fieldId],
      ),
    ]);
    res.json(
      subFields.rows.map((subField) => ({
        subFieldId: subField.sub_field_id,
        name: subField.name,
        data: windows.rows
          .filter((window) => window.sub_field_id === subField.sub_field_id)
          .map((window) => ({ type: 'schedule', fieldScheduleId: window.field_schedule_id, startDate: window.start_date, endDate: window.end_date })),
      })),
    );
  });

  // The organize wizard's time slots: any logged-in user may see when a sub-field can be booked.
  router.get('/api/get-subfield-schedules', requireUser(deps.resolveUser), async (req, res) => {
    const { subFieldId } = parseBody(subFieldQuery, req.query);
    const subField = await deps.pool.query(
      `SELECT 1 FROM read.sub_fields s JOIN read.fields f ON f.field_id = s.field_id
        WHERE s.sub_field_id = $1 AND NOT s.removed AND NOT f.deleted`,
      [subFieldId],
    );
    if (subField.rowCount === 0) throw new ApiError(404, 'subfield_not_found', 'There is no sub-field with this id.');
    const { rows } = await deps.pool.query(
      `SELECT 'schedule' AS type, start_date AS "startDate", end_date AS "endDate" FROM read.field_schedules
        WHERE sub_field_id = $1 ORDER BY start_date, field_schedule_id`,
      [subFieldId],
    );
    res.json(rows);
  });

  return router;
}

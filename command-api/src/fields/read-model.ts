import type pg from 'pg';
import type { SubFieldRef } from '@playtime/shared/domain/schedules/decider';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { readProjectionPositions, type ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';

export interface ReadModelDependencies {
  pool: pg.Pool;
  store: EventStore;
  progress: ProjectionProgress;
}

/** Long enough for a projection to catch up with a burst of commands, short enough to answer a typo quickly. */
const SETTLE_MS = 3000;

/**
 * A command appends to one stream only, so the command side reads facts that never change (which field a
 * sub-field belongs to, whose field it is) from the read model. Right after they were written the projection
 * may not have them yet: a miss is only believed when nothing was appended after the point the projection
 * had reached before looking, so adding a sub-field and at once adding availability to it works.
 */
async function findOnceSettled<Row>(deps: ReadModelDependencies, projection: string, find: () => Promise<Row | undefined>): Promise<Row | undefined> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const [before] = await readProjectionPositions(deps.pool, [projection]);
    const row = await find();
    if (row) return row;
    const reached = before?.checkpoint ?? null;
    // Counts committed events even while an older transaction keeps them from being delivered yet.
    const behind = (await deps.store.countEventsAfter(reached)) > 0;
    const remaining = deadline - Date.now();
    if (!behind || remaining <= 0) return undefined;
    const anyProgress = reached ? { commit: reached.commit, position: reached.position + 1 } : { commit: 0, position: 1 };
    await deps.progress.waitFor([projection], anyProgress, remaining);
  }
}

/** A sub-field that exists, of a field that exists, with what an availability command needs to know about it. */
export function findSubField(deps: ReadModelDependencies, subFieldId: string): Promise<SubFieldRef | undefined> {
  return findOnceSettled(deps, 'fields', async () => {
    const { rows } = await deps.pool.query<SubFieldRef>(
      `SELECT s.sub_field_id AS "subFieldId", s.field_id AS "fieldId", f.owner_id AS "ownerId", s.name
         FROM read.sub_fields s JOIN read.fields f ON f.field_id = s.field_id
        WHERE s.sub_field_id = $1 AND NOT s.removed AND NOT f.deleted`,
      [subFieldId],
    );
    return rows[0];
  });
}

/** The sub-field an availability window belongs to. */
export async function findSubFieldOfWindow(deps: ReadModelDependencies, fieldScheduleId: string): Promise<SubFieldRef | undefined> {
  const window = await findOnceSettled(deps, 'field_schedules', async () => {
    const { rows } = await deps.pool.query<{ sub_field_id: string }>('SELECT sub_field_id FROM read.field_schedules WHERE field_schedule_id = $1', [fieldScheduleId]);
    return rows[0];
  });
  return window ? findSubField(deps, window.sub_field_id) : undefined;
}

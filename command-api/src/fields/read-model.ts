import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import type { SubFieldRef } from '@playtime/shared/domain/availability/decider';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import {
  readProjectionPositions,
  type ProjectionProgress,
} from '@playtime/shared/infra/projections/projection-progress';

export interface ReadModelDependencies {
  pool: pg.Pool;
  store: EventStore;
  progress: ProjectionProgress;
}

/** Long enough for a projection to catch up with a burst of commands, short enough to answer a typo quickly. */
const SETTLE_MS = 3000;

/**
 * A command appends to one stream only, so the command side reads a few facts about other streams from
 * the read model. ONLY facts that never change may be read this way: which field a sub-field belongs to,
 * whose field that is, which sub-field a window is on. A read model may lag behind the log, and a fact
 * that can change (is the sub-field still there? is the window still there?) must be decided by the
 * stream that owns it, which is why removing a sub-field closes its own stream (see sub-field-lifecycle).
 *
 * Right after those facts were written the projection may not have them yet: a miss is only believed
 * when nothing was appended after the point the projection had reached before looking, so adding a
 * sub-field and at once adding availability to it works.
 */
async function findOnceSettled<Row>(
  deps: ReadModelDependencies,
  projection: string,
  find: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
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
    const anyProgress = reached
      ? { commit: reached.commit, position: reached.position + 1 }
      : { commit: 0, position: 1 };
    await deps.progress.waitFor([projection], anyProgress, remaining);
  }
}

/**
 * Sub-fields found before, per deployment (its pool): their field, owner and name never change, so a
 * busy captain's hold, checkout and booking ask the read model once. Only found sub-fields are kept;
 * one removed since is still refused by its own closed stream, with the same answer as a miss here.
 */
const knownSubFields = new WeakMap<pg.Pool, LRUCache<string, SubFieldRef>>();

/**
 * The sub-field's field and owner, which never change, for a command on the sub-field's own stream.
 * A row flagged removed (or of a deleted field) is a final answer, since those flags never go back; a
 * row not flagged may be stale, so the sub-field's stream still refuses the command once it is closed.
 */
export async function findSubField(deps: ReadModelDependencies, subFieldId: string): Promise<SubFieldRef | undefined> {
  let known = knownSubFields.get(deps.pool);
  if (!known) knownSubFields.set(deps.pool, (known = new LRUCache({ max: 20_000 })));
  const cached = known.get(subFieldId);
  if (cached) return cached;
  const found = await findFreshSubField(deps, subFieldId);
  if (found) known.set(subFieldId, found);
  return found;
}

function findFreshSubField(deps: ReadModelDependencies, subFieldId: string): Promise<SubFieldRef | undefined> {
  return findOnceSettled(deps, PROJECTIONS.fields, async () => {
    const { rows } = await deps.pool.query<SubFieldRef>(
      `SELECT s.sub_field_id AS "subFieldId", s.field_id AS "fieldId", f.owner_id AS "ownerId", s.name
         FROM read.sub_fields s JOIN read.fields f ON f.field_id = s.field_id
        WHERE s.sub_field_id = $1 AND NOT s.removed AND NOT f.deleted`,
      [subFieldId],
    );
    return rows[0];
  });
}

/** The sub-field an availability window belongs to (a window never moves to another sub-field). */
export async function findSubFieldOfWindow(
  deps: ReadModelDependencies,
  windowId: string,
): Promise<SubFieldRef | undefined> {
  const window = await findOnceSettled(deps, PROJECTIONS.availabilityWindows, async () => {
    const { rows } = await deps.pool.query<{ sub_field_id: string }>(
      'SELECT sub_field_id FROM read.availability_windows WHERE window_id = $1',
      [windowId],
    );
    return rows[0];
  });
  return window ? findSubField(deps, window.sub_field_id) : undefined;
}

/** The sub-field a hold is on (a fact that never changes). */
export async function findHoldSubField(deps: ReadModelDependencies, holdId: string): Promise<SubFieldRef | undefined> {
  const hold = await findOnceSettled(deps, PROJECTIONS.bookings, async () => {
    const { rows } = await deps.pool.query<{ sub_field_id: string }>(
      'SELECT sub_field_id FROM read.holds WHERE hold_id = $1',
      [holdId],
    );
    return rows[0];
  });
  return hold ? findSubField(deps, hold.sub_field_id) : undefined;
}

import type { RequestHandler } from 'express';
import type pg from 'pg';
import { AFTER_HEADER, STALE_HEADER } from '@playtime/shared/contract/headers';
import { parseCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { ResolveUser } from '@playtime/shared/infra/http/current-user';
import { bearerToken } from '@playtime/shared/infra/identity/verify-access-token';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';

export { AFTER_HEADER };

const UNDEFINED_TABLE = '42P01';

/**
 * Whether a position can be in the PostgreSQL event log: its transaction id was handed out already
 * and its global position is not past the last committed event. A position a command returned always
 * passes (it was committed before it was answered); a made-up far-future one fails, and waiting for
 * it would only hold the request for the whole wait. With the log kept elsewhere (EventStoreDB) the
 * table is not here: nothing can be ruled out, so every position may be waited for.
 */
export function postgresLogMayHold(pool: Pick<pg.Pool, 'query'>): (target: LogCheckpoint) => Promise<boolean> {
  return async (target) => {
    try {
      const { rows } = await pool.query<{ may_hold: boolean }>(
        `SELECT $1::text::xid8 < pg_snapshot_xmax(pg_current_snapshot())
            AND $2::bigint <= coalesce((SELECT max(global_position) FROM es_events), 0) AS may_hold`,
        [String(target.commit), target.position],
      );
      return rows[0]?.may_hold ?? false;
    } catch (error) {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return true;
      throw error;
    }
  };
}

export interface ReadYourWritesDependencies {
  pool: Pick<pg.Pool, 'query'>;
  progress: ProjectionProgress;
  projections: string[];
  readWaitMs: number;
  resolveUser: ResolveUser;
}

/**
 * Holds a query (bounded by `readWaitMs`) until the projections have applied the client's last
 * write, so a user never sees their own change missing. After the wait runs out the query answers
 * anyway and says so in `X-Playtime-Stale: true`.
 *
 * Only a caller with a valid access token is held: anyone else has written nothing to wait for, and
 * their request goes on at once to be refused by its route. A position beyond the log's head is not
 * waited for either (it cannot be a write anyone saw); the query answers at once, without the
 * stale mark, since nothing the caller wrote is missing.
 */
export function readYourWrites(deps: ReadYourWritesDependencies): RequestHandler {
  const logMayHold = postgresLogMayHold(deps.pool);
  const worthWaiting = async (token: string, target: LogCheckpoint) => {
    const user = await deps.resolveUser(token).catch(() => null);
    return user !== null && (await logMayHold(target));
  };
  return (req, res, next) => {
    const header = req.get(AFTER_HEADER);
    const target = header ? parseCheckpoint(header) : null;
    const token = bearerToken(req.get('authorization'));
    if (!target || !token) return next();
    worthWaiting(token, target)
      .then(async (wait) => {
        if (wait && !(await deps.progress.waitFor(deps.projections, target, deps.readWaitMs))) {
          res.setHeader(STALE_HEADER, 'true');
        }
        next();
      })
      .catch(next);
  };
}

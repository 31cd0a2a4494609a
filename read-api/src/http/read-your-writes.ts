import type { RequestHandler } from 'express';
import { parseCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';

/** Request header: the X-Playtime-Position a command returned; the read waits until projections reach it. */
export const AFTER_HEADER = 'x-playtime-after';

/**
 * Holds a query (bounded by `maxWaitMs`) until the projections have applied the client's last
 * write, so a user never sees their own change missing. After the wait runs out the query answers
 * anyway and says so in `X-Playtime-Stale: true`.
 */
export function readYourWrites(progress: ProjectionProgress, projections: string[], maxWaitMs: number): RequestHandler {
  return (req, res, next) => {
    const header = req.get(AFTER_HEADER);
    const target = header ? parseCheckpoint(header) : null;
    if (!target) return next();
    progress
      .waitFor(projections, target, maxWaitMs)
      .then((reached) => {
        if (!reached) res.setHeader('X-Playtime-Stale', 'true');
        next();
      })
      .catch(next);
  };
}

import type { RequestHandler } from 'express';
import { READ_AT_HEADER } from '@playtime/shared/contract/headers';
import { formatCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { ReadPosition } from '@playtime/shared/infra/projections/projection-progress';

/**
 * Tells every query's answer how far the read models had got before it was read (X-Playtime-Read-At),
 * so a browser that joins the answer's rooms later fetches it again only when it may have missed a
 * change in between (shared/src/contract/realtime.ts, JoinAnswer). Set before the route reads
 * anything: the position was read earlier still, and checkpoints only move forward.
 */
export function stampReadPosition(position: Pick<ReadPosition, 'current'>): RequestHandler {
  return (_req, res, next) => {
    const reached = position.current;
    if (reached) res.setHeader(READ_AT_HEADER, formatCheckpoint(reached));
    next();
  };
}

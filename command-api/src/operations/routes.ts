import { Router } from 'express';
import type pg from 'pg';
import {
  OPERATIONS_MESSAGES,
  rebuildProjectionRequestSchema,
  retryJobRequestSchema,
} from '@playtime/shared/contract/operations';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import type { JobQueue } from '@playtime/shared/infra/jobs/port';
import type { JobQueueName } from '@playtime/shared/infra/jobs/queues';
import { requestProjectionRebuild } from '@playtime/shared/infra/projections/schema';

export interface OperationsCommandDependencies {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  jobQueues: Record<JobQueueName, JobQueue>;
}

/** The System tab's actions: rebuild a projection (the projector owning it takes the request), retry a failed job. Admins only. */
export function operationsCommandRoutes(deps: OperationsCommandDependencies): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], OPERATIONS_MESSAGES.onlyAdmins);

  router.post('/api/admin/rebuild-projection', admin, async (req, res) => {
    const { projection } = parseBody(rebuildProjectionRequestSchema, req.body);
    await requestProjectionRebuild(deps.pool, projection, req.user!.userId);
    res.status(202).json({ requested: projection });
  });

  router.post('/api/admin/retry-job', admin, async (req, res) => {
    const { queue, jobId } = parseBody(retryJobRequestSchema, req.body);
    const handle = Object.hasOwn(deps.jobQueues, queue) ? deps.jobQueues[queue as JobQueueName] : undefined;
    if (!handle) throw new ApiError(404, 'queue_not_found', `There is no job queue named "${queue}".`);
    if (!(await handle.retry(jobId))) throw new ApiError(404, 'failed_job_not_found', OPERATIONS_MESSAGES.noFailedJob);
    res.status(202).json({ retried: jobId });
  });

  return router;
}

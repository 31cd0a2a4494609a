import { Router } from 'express';
import type pg from 'pg';
import { OPERATIONS_MESSAGES } from '@playtime/shared/contract/operations';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import type { JobQueue } from '@playtime/shared/infra/jobs/port';
import type { JobQueueName } from '@playtime/shared/infra/jobs/queues';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';
import { readSystemStatus } from '@playtime/shared/infra/ops/operations';

export interface OperationsQueryDependencies {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  /** The process's metrics, with collectOperations(...) registered on them. */
  metrics: Metrics;
  jobQueues: Record<JobQueueName, JobQueue>;
}

/** GET /api/admin/system: projections, jobs and reconciliation, as /metrics counts them. Admins only. */
export function operationsQueryRoutes(deps: OperationsQueryDependencies): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], OPERATIONS_MESSAGES.onlyAdmins);
  router.get('/api/admin/system', admin, async (_req, res) => {
    res.json(await readSystemStatus(deps.metrics, { pool: deps.pool, queues: deps.jobQueues }));
  });
  return router;
}

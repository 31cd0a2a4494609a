/** The admin's System tab: projections, jobs and reconciliation (GET /api/admin/system and its two actions). */
import { z } from 'zod';
import { storableText } from './text';
import { PROJECTION_NAMES, type ProjectionName } from './projections';

export const OPERATIONS_MESSAGES = {
  onlyAdmins: 'Only admins can see and run the system.',
  unknownProjection: `projection must be one of: ${PROJECTION_NAMES.join(', ')}`,
  noFailedJob: 'There is no failed job with this id in that queue (it may have been retried already).',
} as const;

/** How often the System tab reads the numbers again while it is open. */
export const SYSTEM_REFRESH_MS = 1000;

export const rebuildProjectionRequestSchema = z.object({
  projection: z.enum(PROJECTION_NAMES as [ProjectionName, ...ProjectionName[]], {
    error: OPERATIONS_MESSAGES.unknownProjection,
  }),
});

export const retryJobRequestSchema = z.object({
  queue: storableText('queue', 'queue is required').trim().min(1, 'queue is required').max(100),
  jobId: storableText('jobId', 'jobId is required').trim().min(1, 'jobId is required').max(300),
});

export interface RebuildStatus {
  eventsDone: number;
  eventsTotal: number;
  /** Events per second since the rebuild started. */
  ratePerSecond: number;
  /** At that rate; null before the first batch. */
  secondsLeft: number | null;
}

export interface ProjectionStatus {
  name: string;
  /** Global position of the active generation's checkpoint. */
  position: number;
  /** Events in the log it has not applied yet. */
  behind: number;
  state: 'live' | 'catching up' | 'rebuilding';
  rebuild: RebuildStatus | null;
  /** The last rebuild that switched readers over (the first build at start-up counts). */
  lastRebuild: { finishedAt: string; events: number; seconds: number } | null;
}

export interface FailedJobStatus {
  id: string;
  name: string;
  reason: string;
  attempts: number;
  failedAt: string | null;
}

export interface JobQueueStatus {
  queue: string;
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
  completed: number;
  /** The newest few, to retry. */
  failedJobs: FailedJobStatus[];
}

export interface PaymentDifferenceView {
  differenceId: string;
  foundAt: string;
  paymentId: string;
  kind: string;
  resolution: 'applied' | 'needs_attention';
  payer: string;
  receiver: string;
  processorStatus: string;
  processorAmountCents: number;
  processorRefundedCents: number;
  ledgerAmountCents: number | null;
  ledgerRefundedCents: number;
}

export interface ReconciliationStatus {
  lastRunAt: string | null;
  lastChecked: number;
  lastError: string | null;
  applied: number;
  needsAttention: number;
  /** Payments not paid yet when reconciliation passed them, looked at again on each run (for 7 days). */
  watching: number;
  /** The newest findings. */
  differences: PaymentDifferenceView[];
}

export interface SystemStatus {
  projections: ProjectionStatus[];
  jobs: JobQueueStatus[];
  reconciliation: ReconciliationStatus;
}

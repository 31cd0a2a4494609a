/**
 * Issue #45: a held entry's payment is captured when its game goes ahead, or released when its
 * holder leaves before the decision or the game is cancelled. Each job's key is the game's and the
 * payment's, so a replayed event or a retried job captures or releases once.
 */

export type CaptureHeldEntryJob = {
  kind: 'capture-held-entry';
  gameId: string;
  paymentId: string;
  idempotencyKey: string;
};
export type ReleaseHeldEntryJob = {
  kind: 'release-held-entry';
  gameId: string;
  paymentId: string;
  idempotencyKey: string;
};

/** What the jobs ask of the payments part (setUpPayments(...).holds). */
export interface SettleHolds {
  capture(paymentId: string, idempotencyKey: string): Promise<unknown>;
  release(paymentId: string, idempotencyKey: string): Promise<unknown>;
}

export async function captureHeldEntry(holds: SettleHolds, job: CaptureHeldEntryJob): Promise<void> {
  await holds.capture(job.paymentId, job.idempotencyKey);
}

export async function releaseHeldEntry(holds: SettleHolds, job: ReleaseHeldEntryJob): Promise<void> {
  await holds.release(job.paymentId, job.idempotencyKey);
}

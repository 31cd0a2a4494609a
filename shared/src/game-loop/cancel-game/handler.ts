import { availabilityDecider } from '../../domain/availability/decider';
import type { SubFieldRef } from '../../domain/availability/commands/types';
import { subFieldStream } from '../../domain/availability/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';
import type { ToCredit } from '../credit/refund-to-credit';

export type ReleaseBookingJob = { kind: 'release-booking'; subField: SubFieldRef; gameId: string };

export type RefundJob = {
  kind: 'refund';
  paymentId: string;
  idempotencyKey: string;
  /** Issue #45 adds a leave within free cancellation and a late leaver's place taken again. */
  reason: 'game_cancelled' | 'player_removed' | 'player_left' | 'place_refilled';
  /** Part of the payment (a week of a series' rental); absent: whatever is left of it. */
  amountCents?: number;
  /** Issue #45: the refund goes to the payer's Playtime credit, not their card. */
  toCredit?: ToCredit;
};

export type RefundPayment = (request: {
  paymentId: string;
  idempotencyKey: string;
  reason: string;
  amountCents?: number | undefined;
  toCredit?: ToCredit | undefined;
}) => Promise<void>;

/** The cancelled game's slot goes back to its sub-field. */
export async function releaseBooking(
  commands: CommandDoor,
  job: ReleaseBookingJob,
  metadata: EventMetadata,
): Promise<void> {
  await commands.run({
    decider: availabilityDecider,
    streamId: subFieldStream(job.subField.subFieldId),
    command: { type: 'CancelBooking', subField: job.subField, gameId: job.gameId },
    newId: () => job.gameId,
    actorId: null,
    metadata,
  });
}

/** The payment goes back, once: its key is the game's and the payment's. */
export async function refund(refundPayment: RefundPayment, job: RefundJob): Promise<void> {
  await refundPayment({
    paymentId: job.paymentId,
    idempotencyKey: job.idempotencyKey,
    reason: job.reason,
    amountCents: job.amountCents,
    toCredit: job.toCredit,
  });
}

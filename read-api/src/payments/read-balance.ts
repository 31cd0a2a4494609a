import { balanceCents } from '@playtime/shared/domain/ledger/queries';
import type { Queryable } from '@playtime/shared/infra/db/pool';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';

/** A receiver's balance in cents from read.balances (0 for someone who never received anything). */
export async function readBalanceCents(db: Queryable, receiverId: string): Promise<number> {
  const { rows } = await db.query<
    ReadModelRow<'balances', { received_cents: number; refunded_cents: number; fee_cents: number }>
  >('SELECT received_cents, refunded_cents, fee_cents FROM read.balances WHERE receiver_id = $1', [receiverId]);
  const totals = rows[0];
  return totals
    ? balanceCents({
        receivedCents: totals.received_cents,
        refundedCents: totals.refunded_cents,
        feeCents: totals.fee_cents,
      })
    : 0;
}

/** A receiver's balance (spec §7, DESIGN §7): what they received, minus refunds and fees, in cents. */
export function balanceCents(totals: { receivedCents: number; refundedCents: number; feeCents: number }): number {
  return totals.receivedCents - totals.refundedCents - totals.feeCents;
}

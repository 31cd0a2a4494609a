/** Fields an admin made free to rent, and the games captains book on them without a rental payment. */
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { holdSlot } from './game-loop';

/** The admin's field policy that makes a field's slots free to rent (and cancellable at any time). */
export async function makeRentalFree(admin: ApiClient, fieldId: string): Promise<void> {
  const policy = await admin.post('/api/set-field-policy', {
    fieldId,
    cancellationWindowHours: null,
    freeRental: true,
  });
  expect(policy.status, policy.text).toBe(200);
}

/**
 * Holds a slot of a free field from `from` to `to` o'clock on the test day and books it as `captain`,
 * with no payment, as the Confirm step of a free field does: the game's id.
 */
export async function bookFreeGame(
  captain: ApiClient,
  subFieldId: string,
  from: number,
  to: number,
  draft: Record<string, unknown> = {},
): Promise<string> {
  const held = await holdSlot(captain, subFieldId, from, to, draft);
  expect(held.status, held.text).toBe(200);
  const added = await captain.post('/api/add-game', { subFieldId, holdId: (held.json as { holdId: string }).holdId });
  expect(added.status, added.text).toBe(200);
  return (added.json as { gameId: string }).gameId;
}

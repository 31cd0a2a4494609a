/** Fields an admin made free to rent, and the games captains book on them without a rental payment. */
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { holdSlot } from './game-loop';

/** The answer's JSON, once its status says the call was done. */
function doneWith<T>(answer: { status: number; text: string; json: unknown }): T {
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
}

/** The admin's field policy that makes a field's slots free to rent (and cancellable at any time). */
export async function makeRentalFree(admin: ApiClient, fieldId: string): Promise<void> {
  doneWith(await admin.post('/api/set-field-policy', { fieldId, cancellationWindowHours: null, freeRental: true }));
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
  const { holdId } = doneWith<{ holdId: string }>(await holdSlot(captain, subFieldId, from, to, draft));
  return doneWith<{ gameId: string }>(await captain.post('/api/add-game', { subFieldId, holdId })).gameId;
}

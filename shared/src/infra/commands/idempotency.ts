import { createHash } from 'node:crypto';
import { stableId } from '../ids';
import type { IdempotencyKeyEvent, IdempotentAnswer } from '../../domain/idempotency/events';
import { ConcurrencyError, type EventMetadata, type EventStore } from '../eventstore/port';

export type { IdempotentAnswer };

/** Longer keys are refused: a UUID or a hash is what clients send. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const idempotencyKeyStream = (userId: string, key: string) =>
  `idempotency-${stableId('idempotency-key', userId, key)}`;

/** The same value for the same JSON, whatever the order of its object keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same request": the call and its body. */
export function requestHash(call: string, body: unknown): string {
  return createHash('sha256')
    .update(call)
    .update('\n')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

export type KeyClaim =
  /** The key was used first for another request. */
  | { kind: 'other_request' }
  /** New, or used before for this very request that has no answer yet (it failed, or is still running): run it. */
  | { kind: 'run' }
  /** This very request succeeded before: send its answer again. */
  | { kind: 'answered'; answer: IdempotentAnswer };

/**
 * Records that a key is used for a request, or finds what the key was used for. The key's own stream
 * decides, not the stream the command writes to: a reused key whose new body names another field,
 * sub-field or window would otherwise reach a stream that has never seen it.
 */
export async function claimIdempotencyKey(
  store: EventStore,
  claim: { userId: string; key: string; requestHash: string; metadata: EventMetadata },
): Promise<KeyClaim> {
  const streamId = idempotencyKeyStream(claim.userId, claim.key);
  for (;;) {
    const history = await store.readStream(streamId);
    const first = history[0];
    if (!first) {
      const used: IdempotencyKeyEvent = { type: 'IdempotencyKeyUsed', data: { requestHash: claim.requestHash } };
      try {
        await store.appendToStream(streamId, [{ ...used, metadata: claim.metadata }], {
          expectedRevision: 'no_stream',
        });
        return { kind: 'run' };
      } catch (error) {
        // Another request took the key at the same moment: read what it was.
        if (error instanceof ConcurrencyError) continue;
        throw error;
      }
    }
    if ((first.data as { requestHash?: string }).requestHash !== claim.requestHash) return { kind: 'other_request' };
    const answered = history.find((stored) => stored.type === 'IdempotencyKeyAnswered');
    return answered ? { kind: 'answered', answer: answered.data as IdempotentAnswer } : { kind: 'run' };
  }
}

/** Keeps a request's successful answer with its key; the first answer recorded stays. */
export async function recordIdempotentAnswer(
  store: EventStore,
  claim: { userId: string; key: string; answer: IdempotentAnswer; metadata: EventMetadata },
): Promise<void> {
  const streamId = idempotencyKeyStream(claim.userId, claim.key);
  const answered: IdempotencyKeyEvent = { type: 'IdempotencyKeyAnswered', data: claim.answer };
  // One id per key: two runs of the same request racing to record their answer append it once.
  await store.appendToStream(
    streamId,
    [{ ...answered, metadata: claim.metadata, eventId: stableId('event', streamId, 'answer') }],
    { expectedRevision: 'any' },
  );
}

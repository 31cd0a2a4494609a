import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { claimIdempotencyKey, idempotencyKeyStream, recordIdempotentAnswer, requestHash } from './idempotency';

describe('requestHash', () => {
  it('is the same for the same call and body, whatever the order of the keys', () => {
    expect(requestHash('POST /api/add-field', { name: 'A', price: 45, nested: { b: 1, a: [1, { y: 2, x: 1 }] } })).toBe(
      requestHash('POST /api/add-field', { nested: { a: [1, { x: 1, y: 2 }], b: 1 }, price: 45, name: 'A' }),
    );
  });

  it('differs for another body or another call', () => {
    const hash = requestHash('POST /api/add-field', { name: 'A' });
    expect(requestHash('POST /api/add-field', { name: 'B' })).not.toBe(hash);
    expect(requestHash('POST /api/add-field', { name: 'A', price: 1 })).not.toBe(hash);
    expect(requestHash('POST /api/edit-field', { name: 'A' })).not.toBe(hash);
    expect(requestHash('POST /api/add-field', ['name', 'A'])).not.toBe(hash);
  });
});

describe('claimIdempotencyKey (real PostgreSQL store)', () => {
  let store: PostgresEventStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase('idem');
    drop = database.drop;
    store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 200 });
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  const claim = (userId: string, key: string, hash: string) =>
    claimIdempotencyKey(store, { userId, key, requestHash: hash, metadata: {} });
  const answer = (body: string) => ({
    status: 200,
    contentType: 'application/json; charset=utf-8',
    position: '1:2',
    body,
  });

  it('takes a new key, runs the same request again until it has an answer, refuses the key for another request', async () => {
    expect(await claim('user-1', 'key-1', 'hash-a')).toEqual({ kind: 'run' });
    expect(await claim('user-1', 'key-1', 'hash-a')).toEqual({ kind: 'run' });
    expect(await claim('user-1', 'key-1', 'hash-b')).toEqual({ kind: 'other_request' });
    expect((await store.readStream(idempotencyKeyStream('user-1', 'key-1'))).map((event) => event.data)).toEqual([
      { requestHash: 'hash-a' },
    ]);
  });

  it('answers the same request with its first recorded answer, which a second recording does not replace', async () => {
    expect(await claim('user-1', 'key-5', 'hash-a')).toEqual({ kind: 'run' });
    await recordIdempotentAnswer(store, {
      userId: 'user-1',
      key: 'key-5',
      answer: answer('{"first":true}'),
      metadata: {},
    });
    await recordIdempotentAnswer(store, {
      userId: 'user-1',
      key: 'key-5',
      answer: answer('{"second":true}'),
      metadata: {},
    });
    expect(await claim('user-1', 'key-5', 'hash-a')).toEqual({ kind: 'answered', answer: answer('{"first":true}') });
    expect(await claim('user-1', 'key-5', 'hash-b')).toEqual({ kind: 'other_request' });
    expect(await store.readStream(idempotencyKeyStream('user-1', 'key-5'))).toHaveLength(2);
  });

  it("keeps every user's keys apart", async () => {
    expect(await claim('user-1', 'key-2', 'hash-a')).toEqual({ kind: 'run' });
    expect(await claim('user-2', 'key-2', 'hash-b')).toEqual({ kind: 'run' });
    expect(idempotencyKeyStream('user-1', 'key-2')).not.toBe(idempotencyKeyStream('user-2', 'key-2'));
  });

  it('lets exactly one of two different requests racing for a key have it', async () => {
    const results = await Promise.all([claim('user-1', 'key-3', 'hash-a'), claim('user-1', 'key-3', 'hash-b')]);
    expect(results.map((result) => result.kind).sort()).toEqual(['other_request', 'run']);
    const same = await Promise.all([claim('user-1', 'key-4', 'hash-a'), claim('user-1', 'key-4', 'hash-a')]);
    expect(same).toEqual([{ kind: 'run' }, { kind: 'run' }]);
  });
});

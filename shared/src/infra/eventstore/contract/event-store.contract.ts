/**
 * The contract every event store adapter passes. An adapter's test file calls
 * `describeEventStoreContract` with a factory for a fresh, empty store.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareCheckpoints } from '../checkpoint';
import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '../port';
import { checkEventSchemas, parseEvent } from '../schema-checked-event-store';

export interface ContractHarness {
  store: EventStore;
  /**
   * Appends in a transaction that stays open for `holdMs` and then commits, or rolls back when
   * `rollback` is set. Adapters without client transactions emulate it as closely as they can.
   */
  appendHeldOpen(streamId: string, events: NewEvent[], holdMs: number, rollback: boolean): Promise<void>;
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (n: number): NewEvent => ({
  type: 'Counted',
  data: { n },
  metadata: { userId: 'u1', correlationId: 'c1' },
});
const uniqueStream = (prefix: string) => `${prefix}-${randomUUID()}`;

async function collect(
  store: EventStore,
  until: (events: StoredEvent[]) => boolean,
  timeoutMs = 30_000,
): Promise<StoredEvent[]> {
  const seen: StoredEvent[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for await (const batch of store.subscribeToAll({ after: null, batchSize: 100, signal: controller.signal })) {
      seen.push(...batch);
      if (until(seen)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return seen;
}

/**
 * Reads the whole log after `after`, again every 50 ms until `until` holds of the answer or `timeoutMs`
 * has passed, and returns the last answer. Why: a log may end an answer short of events committed a
 * moment ago while a transaction elsewhere on the server could still add events before them (the
 * PostgreSQL adapter's horizon, postgres-event-store.ts). Readers poll on; a test that reads right after
 * appending does the same.
 */
async function readAllUntil(
  store: EventStore,
  after: StoredEvent['checkpoint'] | null,
  until: (events: StoredEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<StoredEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await store.readAll({ after, limit: 100_000 });
    if (until(events) || Date.now() > deadline) return events;
    await sleep(50);
  }
}

export function describeEventStoreContract(adapter: string, createHarness: () => Promise<ContractHarness>): void {
  describe(`event store contract: ${adapter}`, () => {
    let harness: ContractHarness;
    let store: EventStore;

    beforeEach(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterEach(async () => {
      await harness.teardown();
    });

    it('finds the first event of a type whose data names a value, and nothing for a value never named', async () => {
      const first = uniqueStream('sub-field');
      const second = uniqueStream('sub-field');
      const holdId = randomUUID();
      await store.appendToStream(
        first,
        [
          { type: 'Held', data: { holdId: randomUUID() } },
          { type: 'Held', data: { holdId } },
        ],
        { expectedRevision: 'no_stream' },
      );
      await store.appendToStream(
        second,
        [
          { type: 'Released', data: { holdId } },
          { type: 'Held', data: { holdId } },
        ],
        { expectedRevision: 'no_stream' },
      );
      const found = await store.findEvent({ type: 'Held', key: 'holdId', value: holdId });
      expect([found?.streamId, found?.revision, found?.data]).toEqual([first, 1, { holdId }]);
      expect(await store.findEvent({ type: 'Held', key: 'holdId', value: randomUUID() })).toBeNull();
      // Every one of them, in log order (issue #41).
      const all = await store.findEvents({ type: 'Held', key: 'holdId', value: holdId });
      expect(all.map((event) => [event.streamId, event.revision])).toEqual([
        [first, 1],
        [second, 1],
      ]);
      expect(await store.findEvents({ type: 'Held', key: 'holdId', value: randomUUID() })).toEqual([]);
    });

    it('appends to a new stream and reads it back in revision order with metadata', async () => {
      const stream = uniqueStream('game');
      const result = await store.appendToStream(stream, [event(1), event(2), event(3)], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextRevision).toBe(2);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0, 'Counted', { n: 1 }],
        [1, 'Counted', { n: 2 }],
        [2, 'Counted', { n: 3 }],
      ]);
      expect(events[0]!.metadata).toMatchObject({ userId: 'u1', correlationId: 'c1' });
      expect(events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(events[0]!.createdAt).toBeInstanceOf(Date);
      expect(events.at(-1)!.globalPosition).toBe(result.position);
      expect(compareCheckpoints(events.at(-1)!.checkpoint, result.checkpoint)).toBe(0);
    });

    it('behind the event schemas, appends nothing of an append its schemas refuse, and records the version of what it appends', async () => {
      const checked = checkEventSchemas(store);
      const stream = uniqueStream('user');
      const deleted = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin' } };
      const badRole = { type: 'UserRoleChanged', data: { userId: 'u1', role: 'boss', changedBy: 'admin' } };
      await expect(
        checked.appendToStream(stream, [deleted, badRole], { expectedRevision: 'no_stream' }),
      ).rejects.toThrow(/^Event UserRoleChanged \(version 1\) does not match its schema: role: /);
      // Only stores built without the registry (this suite's bare adapter) take made-up types.
      await expect(checked.appendToStream(stream, [event(1)], { expectedRevision: 'any' })).rejects.toThrow(
        'Event type Counted has no registered schema',
      );
      expect(await store.readStream(stream)).toEqual([]);

      const registered = {
        userId: 'u1',
        issuer: 'iss',
        subject: 's',
        email: 'a@x.test',
        emailVerified: true,
        username: 'a',
        nickname: 'a',
        profilePicture: '',
        role: 'player',
      };
      await checked.appendToStream(
        stream,
        [{ type: 'UserRegistered', data: { ...registered, unknownKey: 1 } }, deleted],
        { expectedRevision: 'no_stream' },
      );
      const stored = await store.readStream(stream);
      expect(stored.map((e) => [e.type, e.metadata.schemaVersion])).toEqual([
        ['UserRegistered', 2],
        ['UserDeleted', 1],
      ]);
      expect(stored.map(parseEvent)).toEqual([{ type: 'UserRegistered', data: registered }, deleted]);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(uniqueStream('none'))).toEqual([]);
      expect(await store.readStream(uniqueStream('none'), { after: 0 })).toEqual([]);
    });

    it('reads only the events after a revision when asked', async () => {
      const stream = uniqueStream('tail');
      await store.appendToStream(stream, [event(1), event(2), event(3)], { expectedRevision: 'no_stream' });
      const whole = await store.readStream(stream);
      expect(await store.readStream(stream, { after: 0 })).toEqual(whole.slice(1));
      expect((await store.readStream(stream, { after: 1 })).map((e) => [e.revision, e.data])).toEqual([[2, { n: 3 }]]);
      expect(await store.readStream(stream, { after: 2 })).toEqual([]);
      expect(await store.readStream(stream, { after: 7 })).toEqual([]);
    });

    it('refuses "no stream" when the stream exists', async () => {
      const stream = uniqueStream('s');
      await store.appendToStream(stream, [event(1)], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream, [event(2)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
    });

    it('refuses a stale expected revision and reports the actual one', async () => {
      const stream = uniqueStream('s');
      await store.appendToStream(stream, [event(1), event(2)], { expectedRevision: 'no_stream' });
      const error = await store.appendToStream(stream, [event(3)], { expectedRevision: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).actual).toBe(1);
      await expect(
        store.appendToStream(uniqueStream('missing'), [event(1)], { expectedRevision: 3 }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      const ok = await store.appendToStream(stream, [event(3)], { expectedRevision: 1 });
      expect(ok.nextRevision).toBe(2);
    });

    it('appends with "any" whatever the stream holds', async () => {
      const stream = uniqueStream('s');
      await store.appendToStream(stream, [event(1)], { expectedRevision: 'any' });
      const result = await store.appendToStream(stream, [event(2), event(3)], { expectedRevision: 'any' });
      expect(result.nextRevision).toBe(2);
    });

    it('lets exactly one of many concurrent writers with the same expected revision win', async () => {
      const stream = uniqueStream('race');
      await store.appendToStream(stream, [event(0)], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => store.appendToStream(stream, [event(i)], { expectedRevision: 0 })),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const failed of outcomes.filter((o) => o.status === 'rejected')) {
        expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      }
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats a retried append (same event ids) as a no-op with the same result', async () => {
      const stream = uniqueStream('retry');
      const batch = [
        { ...event(1), eventId: randomUUID() },
        { ...event(2), eventId: randomUUID() },
      ];
      const first = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      const anyAgain = await store.appendToStream(stream, batch, { expectedRevision: 'any' });
      expect(again).toEqual(first);
      expect(anyAgain).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads the whole log in one global order, after any checkpoint', async () => {
      const a = uniqueStream('a');
      const b = uniqueStream('b');
      await store.appendToStream(a, [event(1)], { expectedRevision: 'no_stream' });
      await store.appendToStream(b, [event(2)], { expectedRevision: 'no_stream' });
      await store.appendToStream(a, [event(3)], { expectedRevision: 0 });
      const ours = (events: StoredEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b);
      const mine = ours(await readAllUntil(store, null, (events) => ours(events).length >= 3));
      expect(mine.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      const rest = ours(await readAllUntil(store, mine[0]!.checkpoint, (events) => ours(events).length >= 2));
      expect(rest.map((e) => (e.data as { n: number }).n)).toEqual([2, 3]);
      expect(await store.countEventsAfter(mine[0]!.checkpoint)).toBeGreaterThanOrEqual(2);
    });

    it('catches a subscriber up and then follows live appends', async () => {
      const stream = uniqueStream('live');
      await store.appendToStream(stream, [event(1), event(2)], { expectedRevision: 'no_stream' });
      const seen = collect(store, (events) => events.filter((e) => e.streamId === stream).length >= 4);
      await sleep(200);
      await store.appendToStream(stream, [event(3)], { expectedRevision: 1 });
      await store.appendToStream(stream, [event(4)], { expectedRevision: 2 });
      const mine = (await seen).filter((e) => e.streamId === stream);
      expect(mine.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
    });

    it('torture: concurrent writers with slow and rolled-back transactions; the subscriber sees every committed event once, in one order', async () => {
      const writers = 16;
      const transactionsPerWriter = 25;
      const run = randomUUID();
      const committed = new Set<string>();
      const rolledBack = new Set<string>();

      const seenPromise = collect(
        store,
        (events) =>
          committed.size > 0 &&
          events.filter((e) => (e.data as { run?: string }).run === run).length >= committed.size &&
          writersDone,
        120_000,
      );
      let writersDone = false;
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let t = 0; t < transactionsPerWriter; t++) {
            const stream = `torture-${run}-${writer}-${t}`;
            const size = 1 + Math.floor(Math.random() * 3);
            const events = Array.from({ length: size }, (_, i) => ({
              eventId: randomUUID(),
              type: 'Tortured',
              data: { run, writer, t, i },
            }));
            const rollback = Math.random() < 0.2;
            const holdMs = Math.floor(Math.random() * 30);
            await harness.appendHeldOpen(stream, events, holdMs, rollback);
            for (const e of events) (rollback ? rolledBack : committed).add(e.eventId!);
          }
        }),
      );
      writersDone = true;
      // A marker appended last guarantees the subscriber gets a batch after every writer has finished.
      await store.appendToStream(`torture-${run}-end`, [{ type: 'Tortured', data: { run, end: true } }], {
        expectedRevision: 'no_stream',
      });
      const seen = (await seenPromise).filter(
        (e) => (e.data as { run?: string }).run === run && !(e.data as { end?: boolean }).end,
      );

      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(committed);
      for (const id of ids) expect(rolledBack.has(id)).toBe(false);
      for (let i = 1; i < seen.length; i++) {
        expect(compareCheckpoints(seen[i - 1]!.checkpoint, seen[i]!.checkpoint)).toBeLessThan(0);
      }
      // A second reader of the finished log sees the same order.
      const ofRun = (events: StoredEvent[]) =>
        events.filter((e) => (e.data as { run?: string }).run === run && !(e.data as { end?: boolean }).end);
      const reread = ofRun(await readAllUntil(store, null, (events) => ofRun(events).length >= ids.length)).map(
        (e) => e.eventId,
      );
      expect(reread).toEqual(ids);
    });
  });
}

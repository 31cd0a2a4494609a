import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { DomainError, type DecisionContext, type Decider } from '../../domain/decider';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import type { StoredEvent } from '../eventstore/port';
import { checkEventSchemas } from '../eventstore/schema-checked-event-store';
import { userDecider } from '../../domain/users/decider';
import { userStream, type UserEvent } from '../../domain/users/events';
import { handleCommand, retryDelayMs } from './command-handler';
import { readCurrentState, settledState } from './current-state';
import { StreamStateCache } from './stream-state-cache';

/** A tally that can be closed: enough rules to see which state a decision was made on. */
type TallyCommand = { type: 'Add'; amount: number } | { type: 'Close' } | { type: 'Reopen' };
type TallyEvent =
  { type: 'Added'; data: { amount: number } } | { type: 'Closed'; data: null } | { type: 'Reopened'; data: null };
interface TallyState {
  total: number;
  closed: boolean;
}

const tallyDecider: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ total: 0, closed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Added':
        return { ...state, total: state.total + event.data.amount };
      case 'Closed':
        return { ...state, closed: true };
      case 'Reopened':
        return { ...state, closed: false };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Add':
        if (state.closed) throw new DomainError('conflict', 'tally_closed', 'This tally is closed.');
        return [{ type: 'Added', data: { amount: command.amount } }];
      case 'Close':
        return state.closed ? [] : [{ type: 'Closed', data: null }];
      case 'Reopen':
        return state.closed ? [{ type: 'Reopened', data: null }] : [];
    }
  },
};

/** Tally events are made up for this test and have no registered schema: they are read as stored. */
const asTallyEvent = (stored: StoredEvent) => ({ type: stored.type, data: stored.data }) as TallyEvent;

const context: DecisionContext = { now: new Date('2026-11-21T12:00:00Z'), newId: () => 'id', actorId: null };

describe('handleCommand with a stream state cache (real PostgreSQL store)', () => {
  let store: PostgresEventStore;
  let drop: () => Promise<void>;
  let stream = 0;
  const nextStream = () => `tally-${++stream}`;

  beforeAll(async () => {
    const database = await createTestDatabase('cmd');
    drop = database.drop;
    store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 200 });
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  const run = (streamId: string, command: TallyCommand, cache?: StreamStateCache, commandId?: string) =>
    handleCommand({
      store,
      decider: tallyDecider,
      streamId,
      command,
      context,
      metadata: {},
      cache,
      commandId,
      parse: asTallyEvent,
    });
  const totalOf = async (streamId: string) =>
    (await store.readStream(streamId)).reduce(
      (sum, event) => sum + (event.type === 'Added' ? (event.data as { amount: number }).amount : 0),
      0,
    );

  it('decides the next command on its own last append without reading the stream', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    const reads = vi.spyOn(store, 'readStream');
    await run(streamId, { type: 'Add', amount: 1 }, cache);
    await run(streamId, { type: 'Add', amount: 2 }, cache);
    const third = await run(streamId, { type: 'Add', amount: 3 }, cache);
    expect(reads.mock.calls.filter(([id]) => id === streamId)).toHaveLength(1);
    reads.mockRestore();
    expect(third.appended?.nextRevision).toBe(2);
    expect(await totalOf(streamId)).toBe(6);
  });

  it('decides again on a fresh read when someone else appended in between', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Add', amount: 1 }, cache);
    await run(streamId, { type: 'Add', amount: 10 }); // another process: no cache of its own here
    const outcome = await run(streamId, { type: 'Add', amount: 100 }, cache);
    expect(outcome.appended?.nextRevision).toBe(2);
    expect(await totalOf(streamId)).toBe(111);
    // The cache now holds the fresh state, so the next command appends after revision 2.
    expect((await run(streamId, { type: 'Add', amount: 1000 }, cache)).appended?.nextRevision).toBe(3);
  });

  it('waits a moment before deciding again after losing a race for the stream', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Add', amount: 1 }, cache);
    await run(streamId, { type: 'Add', amount: 10 }); // another process moves the stream on
    const waits: number[] = [];
    const outcome = await handleCommand({
      store,
      decider: tallyDecider,
      streamId,
      command: { type: 'Add', amount: 100 },
      context,
      metadata: {},
      cache,
      parse: asTallyEvent,
      retryDelay: (attempt) => {
        waits.push(attempt);
        return 1;
      },
    });
    expect(waits).toEqual([2]);
    expect(outcome.appended?.nextRevision).toBe(2);
  });

  it('spreads retries over a random, growing wait', () => {
    expect([2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([5, 10, 20, 40]);
    expect(retryDelayMs(3, () => 0)).toBe(0);
    expect(retryDelayMs(3, () => 0.5)).toBe(5);
  });

  it('never refuses on a cached state: the refusal is checked on a fresh read', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Close' }, cache); // cached: closed
    await run(streamId, { type: 'Reopen' }); // another process reopens it
    const outcome = await run(streamId, { type: 'Add', amount: 5 }, cache);
    expect(outcome.events).toEqual([{ type: 'Added', data: { amount: 5 } }]);
    expect(await totalOf(streamId)).toBe(5);
  });

  it('still refuses when the fresh state says so', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Close' }, cache);
    await expect(run(streamId, { type: 'Add', amount: 5 }, cache)).rejects.toThrow('This tally is closed.');
  });

  it('never decides "nothing to do" on a cached state', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Reopen' }, cache); // nothing to do, nothing cached
    await run(streamId, { type: 'Add', amount: 1 }, cache); // cached: open
    await run(streamId, { type: 'Close' }); // another process closes it
    const outcome = await run(streamId, { type: 'Reopen' }, cache);
    expect(outcome.events).toEqual([{ type: 'Reopened', data: null }]);
    expect(outcome.appended?.nextRevision).toBe(2);
  });

  it('a retried command with an id reads the stream and gets its first outcome back', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    const first = await run(streamId, { type: 'Add', amount: 7 }, cache, 'client-key-1');
    const retried = await run(streamId, { type: 'Add', amount: 7 }, cache, 'client-key-1');
    expect(retried.appended).toEqual(first.appended);
    expect(await totalOf(streamId)).toBe(7);
  });

  it('brings a known state up to date from the events after its revision, not the whole stream', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Add', amount: 1 });
    const two = await run(streamId, { type: 'Add', amount: 2 });
    const reads = vi.spyOn(store, 'readStream');
    const first = await readCurrentState(store, tallyDecider, streamId, { cache, parse: asTallyEvent });
    expect(first).toEqual({ state: { total: 3, closed: false }, revision: 1, checkpoint: two.position });
    const ten = await run(streamId, { type: 'Add', amount: 10 }); // another process
    const second = await readCurrentState(store, tallyDecider, streamId, { cache, parse: asTallyEvent });
    expect(second).toEqual({ state: { total: 13, closed: false }, revision: 2, checkpoint: ten.position });
    // Read whole: this cache's first look, the other process (no cache) deciding; then only the tail.
    expect(reads.mock.calls.filter(([id]) => id === streamId).map(([, options]) => options)).toEqual([
      {},
      {},
      { after: 1 },
    ]);
    reads.mockRestore();
    // A command that loses the race on the known state reads what came since, and decides on all of it.
    await run(streamId, { type: 'Close' }); // another process closes it
    await expect(run(streamId, { type: 'Add', amount: 5 }, cache)).rejects.toThrow('This tally is closed.');
    expect(await readCurrentState(store, tallyDecider, nextStream(), { cache, parse: asTallyEvent })).toEqual({
      state: { total: 0, closed: false },
      revision: 'no_stream',
      checkpoint: null,
    });
  });

  it("answers a decision to change nothing with where the stream's last event is, cached or not", async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    const added = await run(streamId, { type: 'Add', amount: 1 }, cache);
    expect(added.position).toEqual(added.appended!.checkpoint);
    const closed = await run(streamId, { type: 'Close' }); // another process: this cache still knows it open
    // Lost the race on the known state, read again, found it closed: nothing to append, and the closing named.
    const raced = await run(streamId, { type: 'Close' }, cache);
    expect(raced).toEqual({ events: [], appended: null, position: closed.appended!.checkpoint });
    // Known closed now, brought up to date with nothing since; and with no cache at all.
    expect((await run(streamId, { type: 'Close' }, cache)).position).toEqual(closed.appended!.checkpoint);
    expect((await run(streamId, { type: 'Close' })).position).toEqual(closed.appended!.checkpoint);
    // A stream with no events has no place in the log yet.
    expect((await run(nextStream(), { type: 'Reopen' }, cache)).position).toBeNull();
  });

  it('answers from a known state that settles the question without reading, and reads when it does not', async () => {
    const cache = new StreamStateCache();
    const streamId = nextStream();
    await run(streamId, { type: 'Add', amount: 1 }, cache);
    await run(streamId, { type: 'Add', amount: 10 }); // another process
    const reads = vi.spyOn(store, 'readStream');
    // "Has anything been added?" stays true once true: the known state answers it.
    expect(
      await settledState(store, tallyDecider, streamId, (known) => known.total > 0, { cache, parse: asTallyEvent }),
    ).toEqual({ total: 1, closed: false });
    expect(reads.mock.calls.filter(([id]) => id === streamId)).toHaveLength(0);
    // "More than 5?" the known state cannot say: what came since is read.
    expect(
      await settledState(store, tallyDecider, streamId, (known) => known.total > 5, { cache, parse: asTallyEvent }),
    ).toEqual({ total: 11, closed: false });
    expect(reads.mock.calls.filter(([id]) => id === streamId).map(([, options]) => options)).toEqual([{ after: 0 }]);
    reads.mockRestore();
    // A stream this process never saw is read.
    const unseen = nextStream();
    await run(unseen, { type: 'Add', amount: 7 });
    expect(await settledState(store, tallyDecider, unseen, () => true, { cache, parse: asTallyEvent })).toEqual({
      total: 7,
      closed: false,
    });
  });

  it('decides on a likely new stream without reading it, and on what is there when it exists after all', async () => {
    const fresh = nextStream();
    const reads = vi.spyOn(store, 'readStream');
    const created = await handleCommand({
      store,
      decider: tallyDecider,
      streamId: fresh,
      command: { type: 'Add', amount: 4 },
      context,
      metadata: {},
      likelyNew: true,
      parse: asTallyEvent,
    });
    expect(created.appended?.nextRevision).toBe(0);
    expect(reads.mock.calls.filter(([id]) => id === fresh)).toHaveLength(0);
    reads.mockRestore();
    // There after all: the guess loses the append, and the command is decided on the stream as it is.
    await run(fresh, { type: 'Close' });
    await expect(
      handleCommand({
        store,
        decider: tallyDecider,
        streamId: fresh,
        command: { type: 'Add', amount: 1 },
        context,
        metadata: {},
        likelyNew: true,
        parse: asTallyEvent,
      }),
    ).rejects.toThrow('This tally is closed.');
    expect(await totalOf(fresh)).toBe(4);
  });

  it('keeps at most its capacity, dropping the least recently used stream', () => {
    const cache = new StreamStateCache(2);
    const firstEvent = { revision: 0, checkpoint: { commit: 1, position: 1 } };
    cache.set('a', tallyDecider, firstEvent, { total: 1, closed: false });
    cache.set('b', tallyDecider, firstEvent, { total: 2, closed: false });
    cache.get('a', tallyDecider);
    cache.set('c', tallyDecider, firstEvent, { total: 3, closed: false });
    expect(cache.get('b', tallyDecider)).toBeUndefined();
    expect(cache.get('a', tallyDecider)?.state).toEqual({ total: 1, closed: false });
    expect(cache.get('c', {})).toBeUndefined(); // another decider's key never answers
    expect(cache.size).toBe(2);
  });
});

describe('handleCommand on events stored at an older schema version (real PostgreSQL store)', () => {
  let store: PostgresEventStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase('cmd_upcast');
    drop = database.drop;
    store = await PostgresEventStore.connect(database.url);
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  it('folds a UserRegistered of version 1 (no emailVerified) as version 2 with emailVerified false', async () => {
    const v1 = {
      userId: 'old',
      issuer: 'iss',
      subject: 'old',
      email: 'old@x.test',
      username: 'old',
      nickname: 'old',
      profilePicture: '/avatars/1.svg',
      role: 'player',
    };
    // As registrations from before version 2 lie in existing logs: no emailVerified, no schemaVersion.
    await store.appendToStream(userStream('old'), [{ type: 'UserRegistered', data: v1 }], {
      expectedRevision: 'no_stream',
    });
    const folded: UserEvent[] = [];
    const recordingDecider: typeof userDecider = {
      ...userDecider,
      evolve: (state, event) => (folded.push(event), userDecider.evolve(state, event)),
    };

    const outcome = await handleCommand({
      store: checkEventSchemas(store),
      decider: recordingDecider,
      streamId: userStream('old'),
      command: { type: 'EditProfile', username: 'old', bio: 'still here', profilePicture: '/avatars/2.svg' },
      context: { ...context, actorId: 'old' },
      metadata: {},
    });

    expect(folded[0]).toEqual({ type: 'UserRegistered', data: { ...v1, emailVerified: false } });
    expect(outcome.events).toEqual([
      { type: 'UserProfileEdited', data: { userId: 'old', bio: 'still here', profilePicture: '/avatars/2.svg' } },
    ]);
    expect((await store.readStream(userStream('old'))).map((stored) => stored.metadata.schemaVersion)).toEqual([
      undefined,
      1,
    ]);
  });
});

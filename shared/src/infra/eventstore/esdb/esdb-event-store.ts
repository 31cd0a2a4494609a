/**
 * The event store port over EventStoreDB / KurrentDB (gRPC, @eventstore/db-client).
 *
 * - Optimistic concurrency is the server's expected-revision check; its WrongExpectedVersionError
 *   becomes the port's ConcurrencyError carrying the stream's actual revision.
 * - Retries: the server ignores an append whose event ids are already at the expected revision and
 *   answers as if it had written them. For 'any' that check is best effort (a cache of recent ids),
 *   so appends with caller-chosen ids under 'any' look the ids up first. A retry the server did not
 *   recognise (rejected for its expected revision although its events are stored) is found by id.
 * - The AppendResult is read back from the stored last event, so a fresh append and every retry of
 *   it report the same revision and checkpoint. Costs one small read per append.
 * - The global log is $all without server events ($-prefixed types): filtered by the server for
 *   subscriptions, by this adapter for reads (the read API has no server-side filter).
 * - Positions map as documented in esdb-mapping.ts (globalPosition = prepare position).
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { compareCheckpoints, type LogCheckpoint } from '../checkpoint';
import {
  ConcurrencyError,
  type AppendResult,
  type EventLookup,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
} from '../port';
import { batchSubscription } from './batch-subscription';
import { isSystemEvent, toEventData, toExpectedRevision, toReadPosition, toStoredEvent } from './esdb-mapping';

export interface EsdbEventStoreOptions {
  /** How long a partial batch waits for more live events before it is handed over. */
  flushAfterMs?: number;
}

function resultOf(event: StoredEvent): AppendResult {
  return { nextRevision: event.revision, position: event.globalPosition, checkpoint: event.checkpoint };
}

/** Reads events until `visit` returns false, then cancels the rest of the read on the server. */
async function readUntil<E>(read: StreamingRead<E>, visit: (event: E) => boolean): Promise<void> {
  let stoppedEarly = false;
  try {
    for await (const event of read) {
      if (!visit(event)) {
        stoppedEarly = true;
        break;
      }
    }
  } finally {
    if (stoppedEarly) await read.cancel().catch(() => undefined);
  }
}

export class EsdbEventStore implements EventStore {
  private readonly flushAfterMs: number;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly ownsClient: boolean,
    options: EsdbEventStoreOptions = {},
  ) {
    this.flushAfterMs = options.flushAfterMs ?? 5;
  }

  /** `connectionString` like `esdb://localhost:2113?tls=false` or `kurrentdb://…`. */
  static connect(connectionString: string, options: EsdbEventStoreOptions = {}): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString), true, options);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision;
    // The server reports ids in lower case.
    const ids = events.map((event) => (event.eventId ?? randomUUID()).toLowerCase());
    // Only ids the caller chose can make an append a retry of an earlier one.
    const mayBeRetry = events.some((event) => event.eventId !== undefined);
    if (expected === 'any' && mayBeRetry) {
      const earlier = await this.findAppended(streamId, ids);
      if (earlier) return earlier;
    }
    let nextExpectedRevision: bigint;
    try {
      const written = await this.client.appendToStream(
        streamId,
        events.map((event, i) => toEventData(event, ids[i]!)),
        { expectedRevision: toExpectedRevision(expected) },
      );
      nextExpectedRevision = written.nextExpectedRevision;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const earlier = mayBeRetry ? await this.findAppended(streamId, ids) : null;
      if (earlier) return earlier;
      const actual = error.actualVersion === 'no_stream' ? 'no_stream' : Number(error.actualVersion);
      throw new ConcurrencyError(streamId, expected, actual);
    }
    const last = nextExpectedRevision >= 0n ? await this.readEventAt(streamId, nextExpectedRevision) : null;
    if (last && last.eventId === ids.at(-1)) return resultOf(last);
    // The server acknowledged a retry of an append that other appends have since followed.
    const earlier = await this.findAppended(streamId, ids);
    if (earlier) return earlier;
    throw new Error(`Append to ${streamId} was acknowledged but its events cannot be found`);
  }

  private async readEventAt(streamId: string, revision: bigint): Promise<StoredEvent | null> {
    const found = await this.readStreamEvents(streamId, { fromRevision: revision, maxCount: 1, direction: FORWARDS });
    return found[0] ?? null;
  }

  /** The result of an earlier append of exactly these event ids, if the stream holds them all. */
  private async findAppended(streamId: string, ids: string[]): Promise<AppendResult | null> {
    const wanted = new Set(ids);
    const found: StoredEvent[] = [];
    try {
      // Backwards: a retry is usually about the newest events, so the read stops early.
      await readUntil(
        this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END }),
        (resolved: ResolvedEvent) => {
          if (resolved.event && wanted.has(resolved.event.id)) found.push(toStoredEvent(resolved.event));
          return found.length < wanted.size;
        },
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    if (found.length < wanted.size) return null;
    const last = found.reduce((a, b) => (b.revision > a.revision ? b : a));
    return resultOf(last);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return this.readStreamEvents(streamId, {
      direction: FORWARDS,
      ...(options.after === undefined ? {} : { fromRevision: BigInt(options.after + 1) }),
    });
  }

  private async readStreamEvents(
    streamId: string,
    options: Parameters<EventStoreDBClient['readStream']>[1],
  ): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event) events.push(toStoredEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** A user event of $all strictly after `after` (a read includes the event at its start position), else null. */
  private userEventsAfter(resolved: AllStreamResolvedEvent, after: LogCheckpoint | null): StoredEvent | null {
    if (!resolved.event || isSystemEvent(resolved.event)) return null;
    const event = toStoredEvent(resolved.event);
    return compareCheckpoints(event.checkpoint, after) > 0 ? event : null;
  }

  async readAll({ after, limit }: { after: LogCheckpoint | null; limit: number }): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let from = after;
    // Server events are skipped here, so a page may yield fewer than asked for: read on until the
    // limit is met or the log ends.
    while (events.length < limit) {
      const want = limit - events.length + 1;
      let read = 0;
      let lastSeen: LogCheckpoint | null = null;
      for await (const resolved of this.client.readAll({
        fromPosition: toReadPosition(from),
        maxCount: want,
        direction: FORWARDS,
      })) {
        read += 1;
        if (resolved.event)
          lastSeen = {
            commit: Number(resolved.event.position.commit),
            position: Number(resolved.event.position.prepare),
          };
        const event = this.userEventsAfter(resolved, from);
        if (event && events.length < limit) events.push(event);
      }
      if (read < want || lastSeen === null || compareCheckpoints(lastSeen, from) <= 0) break;
      from = lastSeen;
    }
    return events;
  }

  async *subscribeToAll({ after, batchSize = 500, signal }: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    if (signal?.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    let checkpoint = after;
    for await (const batch of batchSubscription<AllStreamResolvedEvent>(subscription, {
      batchSize,
      flushAfterMs: this.flushAfterMs,
      signal,
    })) {
      const events: StoredEvent[] = [];
      for (const resolved of batch) {
        // Subscriptions start after the given position; the comparison guards against a server that
        // repeats it, and against anything delivered twice across a reconnect.
        const event = this.userEventsAfter(resolved, checkpoint);
        if (!event) continue;
        events.push(event);
        checkpoint = event.checkpoint;
      }
      if (events.length > 0) yield events;
    }
  }

  /**
   * Reads the log forward to the first event the lookup names: O(events before it). EventStoreDB has no
   * index by a value of an event's data; a deployment that keeps its log there pays this on the
   * commands that find their stream by an id (holds, availability windows, sub-fields).
   */
  async findEvent(lookup: EventLookup): Promise<StoredEvent | null> {
    for await (const event of this.eventsNamed(lookup)) return event;
    return null;
  }

  /** Reads the whole log forward: O(events). Only an account's deletion and the admins at start ask. */
  async findEvents(lookup: EventLookup): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for await (const event of this.eventsNamed(lookup)) found.push(event);
    return found;
  }

  private async *eventsNamed({ type, key, value }: EventLookup): AsyncGenerator<StoredEvent> {
    for await (const resolved of this.client.readAll({ direction: FORWARDS })) {
      const event = this.userEventsAfter(resolved, null);
      if (event?.type === type && (event.data as Record<string, unknown> | null)?.[key] === value) yield event;
    }
  }

  /** Counts by reading the log forward from `after`: O(events after it). Meant for occasional progress reports. */
  async countEventsAfter(after: LogCheckpoint | null): Promise<number> {
    let count = 0;
    for await (const resolved of this.client.readAll({ fromPosition: toReadPosition(after), direction: FORWARDS })) {
      if (this.userEventsAfter(resolved, after)) count += 1;
    }
    return count;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.dispose();
  }
}

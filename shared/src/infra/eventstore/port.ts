/**
 * The event store port. Every adapter (PostgreSQL, EventStoreDB) implements this and passes
 * the contract suite in `contract/event-store.contract.ts`.
 */
import type { LogCheckpoint } from './checkpoint';

export interface EventMetadata {
  userId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  /**
   * The version of the event type's schema the data was appended with (see schema-checked-event-store.ts).
   * Absent on events appended before versions were recorded, and on made-up events of low-level tests.
   */
  schemaVersion?: number;
}

/** An event a command wants to append. `eventId` makes a retried append idempotent. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  eventId?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  streamId: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  /** Number that identifies the event in the whole log. */
  globalPosition: number;
  /** Where the event sits in the one global order subscribers see (compare with `compareCheckpoints`). */
  checkpoint: LogCheckpoint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
  checkpoint: LogCheckpoint;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this checkpoint; null means from the start of the log. */
  after: LogCheckpoint | null;
  batchSize?: number;
  signal?: AbortSignal;
}

export interface ReadStreamOptions {
  /** Only events with a higher revision than this. */
  after?: number;
}

/**
 * An event named by a value of its data: the first event of `type` whose `data[key]` is `value`.
 * The command side learns from it which stream owns an id it was sent (a hold's sub-field, a
 * sub-field's field) from the log itself, written in the same transaction as the append that made
 * the id, so there is nothing to wait for.
 */
export interface EventLookup {
  type: string;
  key: string;
  value: string;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * The stream's events in revision order; with `after`, only those past that revision (a reader that
   * has folded the stream up to a revision reads just what came since).
   */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** One page of the global log after a checkpoint, in global order. */
  readAll(options: { after: LogCheckpoint | null; limit: number }): Promise<StoredEvent[]>;
  /** Catches up from `after`, then follows live appends; yields batches in global order until aborted. */
  subscribeToAll(options: SubscribeOptions): AsyncIterable<StoredEvent[]>;
  /** The first event the lookup names (see EventLookup); null when the log holds none. */
  findEvent(lookup: EventLookup): Promise<StoredEvent | null>;
  /**
   * Every event the lookup names, in log order: the fields, games and memberships of an account, for
   * its deletion (issue #41), the admins at start, and the accounts registered before usernames were
   * claimed, from the log itself rather than a read model.
   */
  findEvents(lookup: EventLookup): Promise<StoredEvent[]>;
  /** How many events lie after a checkpoint (for progress reports). */
  countEventsAfter(after: LogCheckpoint | null): Promise<number>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} was changed by someone else (expected ${String(expected)}, found ${String(actual)})`);
  }
}

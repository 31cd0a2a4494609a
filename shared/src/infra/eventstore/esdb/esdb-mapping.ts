/**
 * Translation between the port's shapes and @eventstore/db-client's.
 *
 * Positions: $all is ordered by (commit position, prepare position). They become
 * LogCheckpoint { commit, position: prepare } and globalPosition = prepare position, which is unique
 * per event (events of one append share a commit position but each has its own prepare position).
 * The client hands out bigints; they are turned into Numbers, exact below 2^53 bytes of log
 * (about 9 petabytes), which this product will not reach.
 */
import {
  ANY,
  NO_STREAM,
  START,
  jsonEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import type { LogCheckpoint } from '../checkpoint';
import type { EventMetadata, ExpectedRevision, NewEvent, StoredEvent } from '../port';

export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

export function toCheckpoint(position: Position): LogCheckpoint {
  return { commit: Number(position.commit), position: Number(position.prepare) };
}

export function toReadPosition(checkpoint: LogCheckpoint | null): ReadPosition {
  if (checkpoint === null) return START;
  return { commit: BigInt(checkpoint.commit), prepare: BigInt(checkpoint.position) };
}

/** Event types starting with `$` belong to the server (stream metadata, projections' links, statistics). */
export function isSystemEvent(event: { type: string }): boolean {
  return event.type.startsWith('$');
}

/**
 * Metadata keys follow the server's conventions where it has them: `$correlationId` and
 * `$causationId` are what its `$by_correlation_id` projection and UI read.
 */
interface StoredMetadata {
  userId?: string | null;
  $correlationId?: string | null;
  $causationId?: string | null;
  schemaVersion?: number;
}

function toStoredMetadata(metadata: EventMetadata | undefined): StoredMetadata {
  const stored: StoredMetadata = {};
  if (metadata?.userId !== undefined) stored.userId = metadata.userId;
  if (metadata?.correlationId !== undefined) stored.$correlationId = metadata.correlationId;
  if (metadata?.causationId !== undefined) stored.$causationId = metadata.causationId;
  if (metadata?.schemaVersion !== undefined) stored.schemaVersion = metadata.schemaVersion;
  return stored;
}

function fromStoredMetadata(raw: unknown): EventMetadata {
  // Metadata that is not a JSON object (written by another tool) carries nothing we understand.
  if (typeof raw !== 'object' || raw === null || raw instanceof Uint8Array || Array.isArray(raw)) return {};
  const stored = raw as StoredMetadata;
  const metadata: EventMetadata = {};
  if (stored.userId !== undefined) metadata.userId = stored.userId;
  if (stored.$correlationId !== undefined) metadata.correlationId = stored.$correlationId;
  if (stored.$causationId !== undefined) metadata.causationId = stored.$causationId;
  if (stored.schemaVersion !== undefined) metadata.schemaVersion = stored.schemaVersion;
  return metadata;
}

export function toEventData(event: NewEvent, id: string): EventData {
  return jsonEvent({
    id,
    type: event.type,
    // The client JSON-encodes whatever it is given; its JSONType is narrower than the data events carry.
    data: (event.data ?? null) as JSONType,
    metadata: toStoredMetadata(event.metadata) as JSONType,
  });
}

/**
 * `position` is always present on $all reads and subscriptions, and on stream reads from servers
 * newer than 22.6; older servers cannot serve this adapter.
 */
export function toStoredEvent(recorded: RecordedEvent): StoredEvent {
  if (!recorded.position) {
    throw new Error(`Event ${recorded.id} came without its log position; the adapter needs EventStoreDB 22.6 or newer`);
  }
  const checkpoint = toCheckpoint(recorded.position);
  return {
    eventId: recorded.id,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    globalPosition: checkpoint.position,
    checkpoint,
    type: recorded.type,
    data: recorded.data,
    metadata: fromStoredMetadata(recorded.metadata),
    createdAt: recorded.created,
  };
}

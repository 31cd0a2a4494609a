/**
 * The event schemas at the store's door and on the way out.
 *
 * The rule: every store a service uses is wrapped by `checkEventSchemas` (connectInfrastructure does
 * it for the standalone and the distributed compositions alike, whichever adapter is behind), so no
 * adapter ever receives an event its schema refuses, nor one of a type that has no schema. Such an
 * append throws a plain Error naming the event type and zod's issue, before anything is written:
 * it is a bug in the code that built the event (the API answers 500), not a request to refuse with a
 * 4xx. The version the event was checked against goes into its metadata as `schemaVersion`.
 *
 * The adapters themselves store whatever they are given, so their own tests, the contract suite, the
 * projection runtime's tests and the benchmarks may append made-up event types to a bare adapter.
 * Nothing made up may reach a wrapped store.
 *
 * Readers call `parseEvent`: the event checked against the schema of the version it was stored with
 * (version 1 when none is recorded) and upcast to the current version.
 */
import { eventRegistry, type PlaytimeEvent } from '../../domain/event-registry';
import type { EventStore, NewEvent, StoredEvent } from './port';

/** The store with every appended event checked against, and stamped with, its registered schema version. */
export function checkEventSchemas(store: EventStore): EventStore {
  return {
    // Every event of the append is checked before any reaches the adapter: all or nothing is written.
    async appendToStream(streamId, events, options) {
      const checked = events.map((event): NewEvent => {
        const { data, version } = eventRegistry.prepare(event);
        return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
      });
      return store.appendToStream(streamId, checked, options);
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    findEvent: (lookup) => store.findEvent(lookup),
    findEvents: (lookup) => store.findEvents(lookup),
    countEventsAfter: (after) => store.countEventsAfter(after),
    close: () => store.close(),
  };
}

/** A stored event as today's code knows it: checked against its stored version's schema, then upcast. */
export function parseEvent(stored: Pick<StoredEvent, 'type' | 'data' | 'metadata'>): PlaytimeEvent {
  return eventRegistry.upcast({ type: stored.type, version: stored.metadata.schemaVersion ?? 1, data: stored.data });
}

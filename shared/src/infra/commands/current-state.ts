import type { Decider, DomainEvent } from '../../domain/decider';
import { parseEvent } from '../eventstore/schema-checked-event-store';
import type { EventStore, ExpectedRevision, StoredEvent } from '../eventstore/port';
import type { LogCheckpoint } from '../eventstore/checkpoint';
import type { StreamStateCache } from './stream-state-cache';

/** How a stream's stored events become a decider's: by default checked against their schema and upcast. */
export type ParseStoredEvent<Event> = (stored: StoredEvent) => Event;

/** A stream holds only its own aggregate's events, so its decider's event type is what parsing it gives. */
export const parseRegistered = <Event extends DomainEvent>(stored: StoredEvent): Event =>
  parseEvent(stored) as DomainEvent as Event;

/** What folding a stream needs of its decider (as `fold` takes it). */
type Folding<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>;

/**
 * A stream's state as it stands now, with the revision it stands at and that revision's checkpoint
 * in the global log (null for a stream with no events). With a cache, a stream folded
 * before is brought up to date from the events after the revision it was known at, which the store
 * reads by index: a field's stream of a hundred sub-fields costs a read of the one or two events
 * since, not a hundred. Streams only grow, so the known state plus what came since is the state.
 */
export async function readCurrentState<Event extends DomainEvent, State>(
  store: EventStore,
  decider: Folding<Event, State>,
  streamId: string,
  options: { cache?: StreamStateCache; parse?: ParseStoredEvent<Event> } = {},
): Promise<{ state: State; revision: ExpectedRevision; checkpoint: LogCheckpoint | null }> {
  const parse = options.parse ?? parseRegistered<Event>;
  const known = options.cache?.get<State>(streamId, decider);
  const since = await store.readStream(streamId, known ? { after: known.revision } : {});
  const state = since.map(parse).reduce(decider.evolve, known ? known.state : decider.initialState());
  const last = since.at(-1) ?? known;
  if (last === undefined) return { state, revision: 'no_stream', checkpoint: null };
  options.cache?.set(streamId, decider, last, state);
  return { state, revision: last.revision, checkpoint: last.checkpoint };
}

/**
 * An aggregate as its stream stands now, folded from its parsed (checked and upcast) events: what a
 * step of a process reads from another aggregate (a field's price and address when a slot is held or
 * a game is made) without asking a read model that may not have caught up.
 */
export async function currentState<Event extends DomainEvent, State>(
  store: EventStore,
  decider: Folding<Event, State>,
  streamId: string,
  cache?: StreamStateCache,
): Promise<State> {
  return (await readCurrentState(store, decider, streamId, { cache })).state;
}

/**
 * A stream's state for a question that the state this process already knows may settle without a
 * read. `settles` may accept a known state only on facts the stream never takes back (a game, once
 * made, keeps the payment it was booked with); a known state that does not settle the question is
 * brought up to date as readCurrentState does.
 */
export async function settledState<Event extends DomainEvent, State>(
  store: EventStore,
  decider: Folding<Event, State>,
  streamId: string,
  settles: (known: State) => boolean,
  options: { cache?: StreamStateCache; parse?: ParseStoredEvent<Event> } = {},
): Promise<State> {
  const known = options.cache?.get<State>(streamId, decider);
  if (known && settles(known.state)) return known.state;
  return (await readCurrentState(store, decider, streamId, options)).state;
}

import { fold, type DomainEvent } from '../../domain/decider';
import { parseEvent } from '../eventstore/schema-checked-event-store';
import type { EventStore } from '../eventstore/port';

/**
 * An aggregate as its stream stands now, folded from its parsed (checked and upcast) events: what a
 * step of a process reads from another aggregate (a field's price and address when a slot is held or
 * a game is made) without asking a read model that may not have caught up.
 */
export async function currentState<Event extends DomainEvent, State>(
  store: EventStore,
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  streamId: string,
): Promise<State> {
  const history = await store.readStream(streamId);
  return fold(decider, history.map((stored) => parseEvent(stored) as DomainEvent as Event));
}

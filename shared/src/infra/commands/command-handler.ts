import { stableId } from '../ids';
import { fold, type DecisionContext, type Decider, type DomainEvent } from '../../domain/decider';
import { ConcurrencyError, type AppendResult, type EventMetadata, type EventStore, type StoredEvent } from '../eventstore/port';

export interface CommandOutcome<Event> {
  events: Event[];
  /** Null when the decider decided nothing needed to change. */
  appended: AppendResult | null;
}

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  store: EventStore;
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command;
  context: DecisionContext;
  metadata: EventMetadata;
  /**
   * Identifies this command instance (an idempotency key from the client, or the request id).
   * Event ids are derived from it, so a retried request appends nothing twice.
   */
  commandId?: string;
  maxAttempts?: number;
}

/** The id of the index-th event a command appends to a stream: the same on every retry of the command. */
export function deterministicEventId(commandId: string, streamId: string, index: number): string {
  return stableId('event', commandId, streamId, String(index));
}

/** A request retried after it succeeded gets its first outcome back, not a second decision. */
function replayedOutcome<Event>(history: StoredEvent[], commandId: string, streamId: string): CommandOutcome<Event> | null {
  const start = history.findIndex((stored) => stored.eventId === deterministicEventId(commandId, streamId, 0));
  if (start < 0) return null;
  const mine: StoredEvent[] = [];
  for (let i = start; history[i]?.eventId === deterministicEventId(commandId, streamId, mine.length); i++) mine.push(history[i]!);
  const last = mine.at(-1)!;
  return {
    events: mine.map((stored) => ({ type: stored.type, data: stored.data }) as Event),
    appended: { nextRevision: last.revision, position: last.globalPosition, checkpoint: last.checkpoint },
  };
}

/**
 * Load the stream, decide, append with the revision that was read. When someone else wrote to the
 * stream in between, decide again on the fresh state, a bounded number of times.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  options: HandleCommandOptions<Command, Event, State>,
): Promise<CommandOutcome<Event>> {
  const { store, decider, streamId, command, context, metadata, commandId, maxAttempts = 5 } = options;
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const replayed = commandId ? replayedOutcome<Event>(history, commandId, streamId) : null;
    if (replayed) return replayed;
    const state = fold(decider, history.map((stored) => ({ type: stored.type, data: stored.data }) as Event));
    const events = decider.decide(command, state, context);
    if (events.length === 0) return { events, appended: null };
    try {
      const appended = await store.appendToStream(
        streamId,
        events.map((event, index) => ({
          type: event.type,
          data: event.data,
          metadata,
          ...(commandId ? { eventId: deterministicEventId(commandId, streamId, index) } : {}),
        })),
        { expectedRevision: history.at(-1)?.revision ?? 'no_stream' },
      );
      return { events, appended };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
    }
  }
}

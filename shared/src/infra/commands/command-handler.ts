import { setTimeout as delay } from 'node:timers/promises';
import { stableId } from '../ids';
import { DomainError, fold, type DecisionContext, type Decider, type DomainEvent } from '../../domain/decider';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type StoredEvent,
} from '../eventstore/port';
import type { LogCheckpoint } from '../eventstore/checkpoint';
import { parseRegistered, readCurrentState, type ParseStoredEvent } from './current-state';
import type { StreamStateCache } from './stream-state-cache';

export interface CommandOutcome<Event> {
  events: Event[];
  /** Null when the decider decided nothing needed to change. */
  appended: AppendResult | null;
  /**
   * Where the global log shows the stream as the command left it: the appended events' checkpoint,
   * or, when nothing needed to change, the checkpoint of the stream's last event (null for a stream
   * with none). A caller answered "done" because someone else already did it (a game the payment's
   * webhook made first) reads it there, so it sees what it was told is done.
   */
  position: LogCheckpoint | null;
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
  /** Milliseconds to wait before the given attempt after a conflict (default: retryDelayMs). */
  retryDelay?: (attempt: number) => number;
  /** States of streams this process knew last; lets a command skip reading its stream, or read only what came since. */
  cache?: StreamStateCache;
  /**
   * The stream most likely does not exist yet (a game made from its booking, a payment's first ledger
   * entry): the first attempt decides on the initial state without reading, on the same terms as a
   * cached state (the append expects no stream, and only an append is trusted to the guess).
   */
  likelyNew?: boolean;
  /**
   * How the stream's stored events become the decider's: by default `parseEvent` (checked against
   * their schema and upcast to the current version). Only deciders of made-up events in tests bring
   * their own.
   */
  parse?: ParseStoredEvent<Event>;
}

const RETRY_BASE_MS = 5;

/**
 * How long to wait before deciding again after losing a race for a stream: a random time up to 5 ms
 * before the 2nd attempt, 10 ms before the 3rd, 20 ms before the 4th... Commands that collided on a
 * busy stream (players joining one game) then come back at different moments instead of colliding
 * again in step until their attempts run out.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return random() * RETRY_BASE_MS * 2 ** (attempt - 2);
}

/** The id of the index-th event a command appends to a stream: the same on every retry of the command. */
export function deterministicEventId(commandId: string, streamId: string, index: number): string {
  return stableId('event', commandId, streamId, String(index));
}

/** A request retried after it succeeded gets its first outcome back, not a second decision. */
function replayedOutcome<Event>(
  history: StoredEvent[],
  commandId: string,
  streamId: string,
  parse: ParseStoredEvent<Event>,
): CommandOutcome<Event> | null {
  const start = history.findIndex((stored) => stored.eventId === deterministicEventId(commandId, streamId, 0));
  if (start < 0) return null;
  const mine: StoredEvent[] = [];
  for (let i = start; history[i]?.eventId === deterministicEventId(commandId, streamId, mine.length); i++)
    mine.push(history[i]!);
  const last = mine.at(-1)!;
  return {
    events: mine.map(parse),
    appended: { nextRevision: last.revision, position: last.globalPosition, checkpoint: last.checkpoint },
    position: last.checkpoint,
  };
}

/**
 * Load the stream, decide, append with the revision that was read. When someone else wrote to the
 * stream in between, decide again on the fresh state, a bounded number of times.
 *
 * With a cache, the first attempt may decide on the state this process last knew of the stream
 * instead of reading it. That is safe because the append carries the cached revision: a stream
 * someone else moved on refuses it and the next attempt reads what came since. Only an append is
 * trusted to a cached state: a refusal or a decision to change nothing is checked again on a fresh
 * read, and a command with an id (a client retry) reads the whole stream, so it finds its first outcome.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  options: HandleCommandOptions<Command, Event, State>,
): Promise<CommandOutcome<Event>> {
  const {
    store,
    decider,
    streamId,
    command,
    context,
    metadata,
    commandId,
    cache,
    likelyNew,
    maxAttempts = 5,
    retryDelay = retryDelayMs,
  } = options;
  const parse = options.parse ?? parseRegistered<Event>;
  for (let attempt = 1; ; attempt++) {
    // The first attempt may decide on a guess, without reading: the state this process knew last, or none for a likely new stream.
    const guess: { state: State; revision: ExpectedRevision } | undefined =
      attempt === 1 && !commandId
        ? (cache?.get<State>(streamId, decider) ??
          (likelyNew ? { state: decider.initialState(), revision: 'no_stream' } : undefined))
        : undefined;
    let state: State;
    let expectedRevision: ExpectedRevision;
    // Where the state decided on is visible in the log; only a fresh read's is returned (a guess's no-op is read again).
    let checkpoint: LogCheckpoint | null = null;
    if (guess) {
      ({ state, revision: expectedRevision } = guess);
    } else if (commandId) {
      // A retried command's first outcome may lie anywhere in the stream: read it whole.
      const history = await store.readStream(streamId);
      const replayed = replayedOutcome(history, commandId, streamId, parse);
      if (replayed) return replayed;
      state = fold(decider, history.map(parse));
      expectedRevision = history.at(-1)?.revision ?? 'no_stream';
      checkpoint = history.at(-1)?.checkpoint ?? null;
    } else {
      ({
        state,
        revision: expectedRevision,
        checkpoint,
      } = await readCurrentState(store, decider, streamId, { cache, parse }));
    }

    let events: Event[];
    try {
      events = decider.decide(command, state, context);
    } catch (error) {
      // The guess may be behind: the next attempt brings it up to date before refusing.
      if (guess && error instanceof DomainError) continue;
      throw error;
    }
    if (events.length === 0) {
      if (guess) continue;
      return { events, appended: null, position: checkpoint };
    }

    try {
      const appended = await store.appendToStream(
        streamId,
        events.map((event, index) => ({
          type: event.type,
          data: event.data,
          metadata,
          ...(commandId ? { eventId: deterministicEventId(commandId, streamId, index) } : {}),
        })),
        { expectedRevision },
      );
      if (!commandId)
        cache?.set(
          streamId,
          decider,
          { revision: appended.nextRevision, checkpoint: appended.checkpoint },
          events.reduce(decider.evolve, state),
        );
      return { events, appended, position: appended.checkpoint };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
      await delay(retryDelay(attempt + 1));
    }
  }
}

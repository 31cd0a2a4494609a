import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../../domain/decider';
import type { EventMetadata, EventStore } from '../eventstore/port';
import type { Metrics } from '../metrics/metrics';
import { handleCommand, type CommandOutcome } from './command-handler';
import { StreamQueues } from './stream-queues';
import { StreamStateCache } from './stream-state-cache';

/** One command as any caller hands it in: an HTTP request, a webhook, a job, an import, the demo data. */
export interface CommandRequest<Command extends { type: string }, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command;
  /** Who the decider sees deciding (the caller, a payer, an admin); null for the system itself. */
  actorId: string | null;
  /** Who and what the appended events are recorded for: the user, the correlation and the cause. */
  metadata: EventMetadata;
  /** The command's idempotency key: a retried command appends nothing twice and gets its first outcome back (see handleCommand). */
  commandId?: string;
  /** Where the decision's new ids come from; the door's own source by default. */
  newId?: () => string;
  /** The decision's clock reading, when a caller decides several commands at one moment; the door's clock by default. */
  now?: Date;
  /** The stream most likely does not exist yet (see handleCommand). */
  likelyNew?: boolean;
  maxAttempts?: number;
}

/** Where a command comes from (an HTTP request, a webhook, a job): who decides, and what its events are recorded with. */
export type CommandOrigin = Pick<
  CommandRequest<{ type: string }, DomainEvent, unknown>,
  'actorId' | 'metadata' | 'commandId' | 'newId' | 'now'
>;

export interface CommandDoorDependencies {
  store: EventStore;
  /** Counts each command's outcome (ok, refused, conflict, error); a process without metrics counts nothing. */
  metrics?: Pick<Metrics, 'commandOutcomes'>;
  now?: () => Date;
  newId?: () => string;
  streamStates?: StreamStateCache;
  streamQueues?: StreamQueues;
}

/**
 * The one way a command reaches a stream, built once per process: HTTP routes, webhooks, jobs,
 * imports, reconciliation and the demo data all come through it, so each command is counted, waits
 * in its stream's line behind this process's other commands on that stream (StreamQueues), decides
 * on the state this process knows of the stream (StreamStateCache), and carries its idempotency key
 * and metadata into the append.
 */
export class CommandDoor {
  readonly store: EventStore;
  /** The streams' states this process knows; readers of a stream's state share them (currentState). */
  readonly streamStates: StreamStateCache;
  readonly streamQueues: StreamQueues;
  readonly now: () => Date;
  readonly newId: () => string;
  private readonly metrics: Pick<Metrics, 'commandOutcomes'> | undefined;

  constructor(deps: CommandDoorDependencies) {
    this.store = deps.store;
    this.metrics = deps.metrics;
    this.now = deps.now ?? (() => new Date());
    this.newId = deps.newId ?? randomUUID;
    this.streamStates = deps.streamStates ?? new StreamStateCache();
    this.streamQueues = deps.streamQueues ?? new StreamQueues();
  }

  async run<Command extends { type: string }, Event extends DomainEvent, State>(
    request: CommandRequest<Command, Event, State>,
  ): Promise<CommandOutcome<Event>> {
    const { command } = request;
    const context = { now: request.now ?? this.now(), newId: request.newId ?? this.newId, actorId: request.actorId };
    try {
      // The request's decider, stream, command, metadata, id and attempts go on as they are; the door adds its store and cache.
      const outcome = await this.streamQueues.run(request.streamId, () =>
        handleCommand({ ...request, store: this.store, cache: this.streamStates, context }),
      );
      this.metrics?.commandOutcomes.inc({ command: command.type, outcome: 'ok' });
      return outcome;
    } catch (error) {
      const name = (error as Error).name;
      this.metrics?.commandOutcomes.inc({
        command: command.type,
        outcome: name === 'DomainError' ? 'refused' : name === 'ConcurrencyError' ? 'conflict' : 'error',
      });
      throw error;
    }
  }
}

/** The process's door when a caller was given one; otherwise (a test calling one function) a door of its own on the store. */
export function commandDoorOf(deps: { store: EventStore; commands?: CommandDoor; now?: () => Date }): CommandDoor {
  return deps.commands ?? new CommandDoor({ store: deps.store, now: deps.now });
}

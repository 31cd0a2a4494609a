import type { Request, Response } from 'express';
import type { DecisionContext, Decider, DomainEvent } from '@playtime/shared/domain/decider';
import { handleCommand, type CommandOutcome } from '@playtime/shared/infra/commands/command-handler';
import type { StreamStateCache } from '@playtime/shared/infra/commands/stream-state-cache';
import { formatCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';

/** Response header with the log position of the command's last event (read-your-writes, DESIGN §5). */
export const POSITION_HEADER = 'X-Playtime-Position';
/** Optional request header: a client-chosen key that makes a retried request append nothing twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface CommandDependencies {
  store: EventStore;
  metrics: Metrics;
  now: () => Date;
  newId: () => string;
  /** Lets a command on a stream this process appended to last skip reading it (see handleCommand). */
  streamStates?: StreamStateCache;
}

/** Runs one command for the request's user and sets the position header on the response. */
export async function runCommand<Command extends { type: string }, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
): Promise<CommandOutcome<Event>> {
  const context: DecisionContext = { now: deps.now(), newId: deps.newId, actorId: req.user?.userId ?? null };
  const idempotencyKey = req.get(IDEMPOTENCY_HEADER);
  try {
    const outcome = await handleCommand({
      store: deps.store,
      decider,
      streamId,
      command,
      context,
      metadata: { userId: req.user?.userId ?? null, correlationId: String(req.id), causationId: null },
      commandId: idempotencyKey ? `${req.user?.userId ?? 'anonymous'}:${idempotencyKey}` : undefined,
      cache: deps.streamStates,
    });
    if (outcome.appended) res.setHeader(POSITION_HEADER, formatCheckpoint(outcome.appended.checkpoint));
    deps.metrics.commandOutcomes.inc({ command: command.type, outcome: 'ok' });
    return outcome;
  } catch (error) {
    const name = (error as Error).name;
    deps.metrics.commandOutcomes.inc({ command: command.type, outcome: name === 'DomainError' ? 'refused' : name === 'ConcurrencyError' ? 'conflict' : 'error' });
    throw error;
  }
}

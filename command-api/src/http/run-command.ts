import type { Request, RequestHandler, Response } from 'express';
import type { Decider, DomainEvent } from '@playtime/shared/domain/decider';
import type { CommandOutcome } from '@playtime/shared/infra/commands/command-handler';
import type { CommandDoor, CommandOrigin } from '@playtime/shared/infra/commands/command-door';
import {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  recordIdempotentAnswer,
  requestHash,
} from '@playtime/shared/infra/commands/idempotency';
import type { StreamStateCache } from '@playtime/shared/infra/commands/stream-state-cache';
import { formatCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { EventMetadata, EventStore } from '@playtime/shared/infra/eventstore/port';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { stableId } from '@playtime/shared/infra/ids';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';

import { IDEMPOTENCY_HEADER, POSITION_HEADER } from '@playtime/shared/contract/headers';

export { IDEMPOTENCY_HEADER, POSITION_HEADER };

export interface CommandDependencies {
  store: EventStore;
  metrics: Metrics;
  now: () => Date;
  newId: () => string;
  /** The process's one door for commands (createCommandApi makes one when none is given). */
  commands: CommandDoor;
  /** Lets a command on a stream this process appended to last skip reading it (see handleCommand). */
  streamStates?: StreamStateCache;
}

const idSources = new WeakMap<Request, () => string>();

/** Who asked and which request it was: what every event a request appends is recorded with. */
export const metadataOf = (req: Request): EventMetadata => ({
  userId: req.user?.userId ?? null,
  correlationId: String(req.id),
  causationId: null,
});

/** The id a keyed request's commands derive their events' ids (and new ids) from: the same on every retry. */
function commandIdOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  return key === undefined ? undefined : `${req.user?.userId ?? 'anonymous'}:${key}`;
}

/**
 * Makes every command route idempotent under an Idempotency-Key (mount it before them). The first
 * request with a key claims it with a hash of its call and body; its successful answer is kept with
 * the key before it is sent. The same request again gets that answer and runs nothing; another
 * request with the key is refused (422). A request whose first run failed or stopped midway runs
 * again, and its commands, whose ids derive from the key, find what that run appended.
 */
export function idempotentRequests(
  deps: Pick<CommandDependencies, 'store'> & { resolveUser: ResolveUser },
): RequestHandler {
  const authenticate = requireUser(deps.resolveUser);
  return (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (req.method !== 'POST' || key === undefined) return next();
    if (key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      return next(
        new ApiError(
          400,
          'bad_idempotency_key',
          `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, e.g. a UUID.`,
        ),
      );
    }
    // Keys are per user, so the caller is known first (the route authenticates again, from the cache).
    authenticate(req, res, (error?: unknown) => {
      if (error) return next(error);
      const userId = req.user!.userId;
      const claim = {
        userId,
        key,
        requestHash: requestHash(`${req.method} ${req.path}`, req.body),
        metadata: metadataOf(req),
      };
      claimIdempotencyKey(deps.store, claim)
        .then((claimed) => {
          if (claimed.kind === 'other_request') {
            throw new ApiError(
              422,
              'idempotency_key_reused',
              `This ${IDEMPOTENCY_HEADER} was already used for a different request. Send a new key with a new request; repeat a key only to retry the very same request.`,
            );
          }
          if (claimed.kind === 'answered') {
            const { status, contentType, position, body } = claimed.answer;
            if (contentType) res.setHeader('Content-Type', contentType);
            if (position) res.setHeader(POSITION_HEADER, position);
            res.status(status).send(body);
            return;
          }
          keepSuccessfulAnswer(deps.store, req, res, { userId, key });
          next();
        })
        .catch(next);
    });
  };
}

/** Records the route's answer with its key before sending it, when it is a success. */
function keepSuccessfulAnswer(
  store: EventStore,
  req: Request,
  res: Response,
  claim: { userId: string; key: string },
): void {
  const send = res.send.bind(res);
  res.send = ((body: unknown) => {
    res.send = send;
    if (res.statusCode < 200 || res.statusCode >= 300) return send(body);
    const answer = {
      status: res.statusCode,
      contentType: (res.getHeader('Content-Type') as string | undefined) ?? null,
      position: (res.getHeader(POSITION_HEADER) as string | undefined) ?? null,
      body: typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body),
    };
    // A failure to record only costs a retry its shortcut: the commands' ids still find what this request did.
    recordIdempotentAnswer(store, { ...claim, answer, metadata: metadataOf(req) })
      .catch(() => undefined)
      .finally(() => send(answer.body));
    return res;
  }) as Response['send'];
}

/**
 * The request's source of new ids (a field's id, a sub-field's, a window's). With an Idempotency-Key
 * the ids derive from the key, in the order the request asks for them, so a retry names the same
 * field and finds it already added instead of adding a second one.
 */
export function newIdFor(deps: Pick<CommandDependencies, 'newId'>, req: Request): () => string {
  let ids = idSources.get(req);
  if (!ids) {
    const commandId = commandIdOf(req);
    let next = 0;
    ids = commandId ? () => stableId('id', commandId, String(next++)) : deps.newId;
    idSources.set(req, ids);
  }
  return ids;
}

/** A request's commands: its user decides; its id, Idempotency-Key and id source go with every command. */
export function originOf(deps: Pick<CommandDependencies, 'newId'>, req: Request): CommandOrigin {
  return {
    actorId: req.user?.userId ?? null,
    metadata: metadataOf(req),
    newId: newIdFor(deps, req),
    commandId: commandIdOf(req),
  };
}

/** Tells the client where in the log its change is, so its next read waits for it (POSITION_HEADER). */
export function setPosition(res: Response, position: LogCheckpoint | null): void {
  if (position) res.setHeader(POSITION_HEADER, formatCheckpoint(position));
}

/** Runs one command for the request's user through the process's door and sets the position header on the response. */
export async function runCommand<Command extends { type: string }, Event extends DomainEvent, State>(
  deps: Pick<CommandDependencies, 'commands' | 'newId'>,
  req: Request,
  res: Response,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  options: { maxAttempts?: number } = {},
): Promise<CommandOutcome<Event>> {
  const outcome = await deps.commands.run({
    decider,
    streamId,
    command,
    ...originOf(deps, req),
    maxAttempts: options.maxAttempts,
  });
  setPosition(res, outcome.position);
  return outcome;
}

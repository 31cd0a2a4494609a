/**
 * The Decider pattern: an aggregate is three pure functions. `decide` turns a command and the
 * current state into new events (or refuses with a DomainError); `evolve` folds one event into
 * the state; `initialState` is the state of a stream with no events. No I/O, no clock, no random
 * ids inside: those come in through the DecisionContext.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface DecisionContext {
  now: Date;
  newId: () => string;
  /** The authenticated user issuing the command, when there is one. */
  actorId: string | null;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: DecisionContext) => Event[];
}

/**
 * 'malformed': the request asks for what no game allows as sent (more guests than the game's limit),
 * a 400 like a body that fails its schema; 'invalid': a well-formed request the game's state refuses.
 */
export type DomainErrorKind = 'malformed' | 'invalid' | 'conflict' | 'forbidden' | 'not_found';

/** A refusal a person can act on. The HTTP layer maps the kind to 400/422/409/403/404. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** The command of a decider's command union with this type, for the small function that decides it. */
export type CommandOf<Command extends { type: string }, Type extends Command['type']> = Extract<
  Command,
  { type: Type }
>;

/**
 * The `default` of a switch over every command or event type (Emmett's exhaustive `never` check): a
 * type added to the union without its case stops compiling here, and a type no union knows throws.
 * Pass the command or event; a union of one member narrows only its `type`, so pass that instead.
 */
export function unknownType(commandOrEvent: never): never {
  const value = commandOrEvent as unknown;
  const type = typeof value === 'object' && value !== null && 'type' in value ? value.type : value;
  throw new Error(`No case for type ${JSON.stringify(type)}`);
}

/** One command type's decide function: the command of that type, the state so far, the context, to new events. */
export type DecideOne<Command extends { type: string }, Type extends Command['type'], Event, State> = (
  command: CommandOf<Command, Type>,
  state: State,
  context: DecisionContext,
) => Event[];

/**
 * Every command type of a union with its decide function. A mapped type, so a command added to the union
 * without its function stops compiling, as an exhaustive switch would.
 */
export type DecideByType<Command extends { type: string }, Event, State> = {
  [Type in Command['type']]: DecideOne<Command, Type, Event, State>;
};

/** A decider's `decide`: the command goes to its type's function; a type no union knows throws, as `unknownType`. */
export function decideByType<Command extends { type: string }, Event, State>(
  byType: DecideByType<Command, Event, State>,
): (command: Command, state: State, context: DecisionContext) => Event[] {
  return (command, state, context) => {
    if (!Object.hasOwn(byType, command.type)) return unknownType(command as never);
    const decideOne = byType[command.type as Command['type']] as DecideOne<Command, Command['type'], Event, State>;
    return decideOne(command as CommandOf<Command, Command['type']>, state, context);
  };
}

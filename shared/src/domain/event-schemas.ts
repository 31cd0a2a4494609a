/**
 * Events as versioned zod schemas. Each event type has the schema of the data appended today (its
 * current version) and every earlier version's schema with the step (upcaster) that turns that
 * version's data into the next one's. The log is never rewritten: an event is stored at the version
 * it was appended with, and readers upcast it when they read it, so code only ever sees the current
 * shape.
 *
 * A new version is needed when old data would not pass the current schema or would mean something
 * else (a field added without a default, a field renamed, a meaning changed). Each aggregate lists
 * its event schemas in its `events.ts`; `event-registry.ts` holds all of them.
 */
import { z } from 'zod';
import type { DomainEvent } from './decider';

interface SchemaVersion {
  version: number;
  schema: z.ZodType;
  /** From the previous version's data to this version's; none for version 1. */
  upcast?: (previous: unknown) => unknown;
}

/** One event type: its name, the version appended today, that version's data schema, and its history. */
export interface EventSchema<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly version: number;
  readonly schema: Schema;
  /** Every version, oldest first: `versions[0]` is version 1. */
  readonly versions: readonly SchemaVersion[];
  /** The next version: its data schema, and how data of the version before it becomes that data. */
  next<Next extends z.ZodType>(
    schema: Next,
    upcast: (previous: z.output<Schema>) => z.output<Next>,
  ): EventSchema<Type, Next>;
}

function versioned<Type extends string, Schema extends z.ZodType>(
  type: Type,
  versions: readonly SchemaVersion[],
): EventSchema<Type, Schema> {
  const current = versions.at(-1)!;
  return {
    type,
    version: current.version,
    schema: current.schema as Schema,
    versions,
    next: <Next extends z.ZodType>(schema: Next, upcast: (previous: z.output<Schema>) => z.output<Next>) =>
      versioned<Type, Next>(type, [
        ...versions,
        { version: current.version + 1, schema, upcast: upcast as (previous: unknown) => unknown },
      ]),
  };
}

/** Version 1 of an event type; `.next(schema, upcast)` adds later versions. */
export function eventSchema<const Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
): EventSchema<Type, Schema> {
  return versioned<Type, Schema>(type, [{ version: 1, schema }]);
}

/** The event (type and current data) an event schema describes. */
export type EventOf<Definition> =
  Definition extends EventSchema<infer Type, infer Schema> ? { type: Type; data: z.output<Schema> } : never;

/** The union of the events a list of event schemas describes. */
export type EventsOf<Definitions extends readonly EventSchema[]> = EventOf<Definitions[number]>;

/** The types of a list of event schemas, in order (for projections' `handles`). */
export function typesOf<const Definitions extends readonly EventSchema[]>(
  definitions: Definitions,
): Array<Definitions[number]['type']> {
  return definitions.map((definition) => definition.type);
}

/** Whether an event is of one of the given types (narrows a union such as `PlaytimeEvent` to one aggregate's events). */
export function isEventOf<Event extends DomainEvent, const Types extends readonly Event['type'][]>(
  event: Event,
  types: Types,
): event is Extract<Event, { type: Types[number] }> {
  return types.includes(event.type);
}

/** An event as the log holds it: at the version it was appended with. */
export interface RecordedEvent {
  type: string;
  version: number;
  data: unknown;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(data)'}: ${issue.message}`)
    .join('; ');
}

/** What the admin audit renders the history with: each type, its current version and schemas. */
export interface RegisteredEventType {
  type: string;
  version: number;
  schema: z.ZodType;
  /** Every version's data schema, oldest first. */
  versions: ReadonlyArray<{ version: number; schema: z.ZodType }>;
}

/**
 * All event types of the product. An event's data that its schema refuses is a programming bug
 * (a decider built it wrongly, or the log holds something this code cannot read): these methods
 * throw a plain Error naming the event type, its version and zod's issues, never a DomainError.
 */
export class EventSchemaRegistry<Event extends DomainEvent = DomainEvent> {
  private readonly byType = new Map<string, EventSchema>();

  constructor(definitions: readonly EventSchema[]) {
    for (const definition of definitions) {
      if (this.byType.has(definition.type)) throw new Error(`Event type ${definition.type} is registered twice`);
      definition.versions.forEach((step, index) => {
        if (step.version !== index + 1)
          throw new Error(`Event type ${definition.type} has version ${step.version} at place ${index + 1}`);
      });
      this.byType.set(definition.type, definition);
    }
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  private definition(type: string): EventSchema {
    const definition = this.byType.get(type);
    if (!definition) throw new Error(`Event type ${type} has no registered schema`);
    return definition;
  }

  /**
   * An event about to be appended, checked against its current schema: the data as the schema
   * returns it (keys it does not know are dropped) and the version to record with it.
   */
  prepare(event: { type: string; data: unknown }): { data: unknown; version: number } {
    const definition = this.definition(event.type);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success) {
      throw new Error(
        `Event ${event.type} (version ${definition.version}) does not match its schema: ${describeIssues(parsed.error)}`,
      );
    }
    return { data: parsed.data, version: definition.version };
  }

  /** A recorded event, checked against the schema of its version and upcast to the current version. */
  upcast(recorded: RecordedEvent): Event {
    const definition = this.definition(recorded.type);
    const first = definition.versions[recorded.version - 1];
    if (!first || !Number.isInteger(recorded.version)) {
      throw new Error(
        `Event ${recorded.type} is stored at version ${recorded.version}; this code knows versions 1 to ${definition.version}`,
      );
    }
    const parsed = first.schema.safeParse(recorded.data);
    if (!parsed.success) {
      throw new Error(
        `Stored event ${recorded.type} (version ${recorded.version}) does not match its schema: ${describeIssues(parsed.error)}`,
      );
    }
    let data = parsed.data;
    for (const step of definition.versions.slice(recorded.version)) data = step.upcast!(data);
    return { type: recorded.type, data } as Event;
  }

  /** Every registered type with its current version and schema, and the schemas of earlier versions. */
  list(): RegisteredEventType[] {
    return [...this.byType.values()].map((definition) => ({
      type: definition.type,
      version: definition.version,
      schema: definition.schema,
      versions: definition.versions.map(({ version, schema }) => ({ version, schema })),
    }));
  }
}

/** Given/when/then for deciders: given past events, when a command, then these events or this error. */
import { expect } from 'vitest';
import { DomainError, fold, type DecisionContext, type Decider, type DomainEvent } from '../domain/decider';

export function testContext(overrides: Partial<DecisionContext> = {}): DecisionContext {
  let counter = 0;
  return {
    now: new Date('2026-11-21T12:00:00.000Z'),
    newId: () => `id-${++counter}`,
    actorId: 'user-1',
    ...overrides,
  };
}

export function given<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  history: Event[],
) {
  return {
    when(command: Command, context: DecisionContext = testContext()) {
      const run = () => decider.decide(command, fold(decider, history), context);
      return {
        then(expected: Event[]) {
          expect(run()).toEqual(expected);
        },
        thenRefused(code: string, message?: string | RegExp) {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          if (message !== undefined) expect((caught as DomainError).message).toMatch(message);
        },
      };
    },
  };
}

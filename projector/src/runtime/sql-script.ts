import pg from 'pg';
import type { SqlStatement } from './projection';

/**
 * One SQL literal for a parameter value. Only scalars: a list or a record has no single obvious
 * literal form, so callers pass it as JSON text and cast it in SQL (`$1::jsonb`).
 */
function literal(value: unknown, index: number, text: string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`Parameter $${index} of "${text.slice(0, 80)}" is ${typeof value}: pass lists and records as JSON text`);
}

/** The statement with its parameters written in as literals (its text must not hold `$n` inside quotes). */
export function inlineParameters({ text, values = [] }: SqlStatement): string {
  return text.replace(/\$(\d+)/g, (placeholder, digits: string) => {
    const index = Number(digits);
    if (index < 1 || index > values.length) throw new RangeError(`${placeholder} has no value in "${text.slice(0, 80)}"`);
    return literal(values[index - 1], index, text);
  });
}

/**
 * Statements as one simple-protocol query: PostgreSQL runs them as one implicit transaction, which
 * commits after the last one and rolls back entirely if any of them fails.
 */
export function sqlScript(statements: SqlStatement[]): string {
  return statements.map((statement) => inlineParameters(statement)).join(';\n');
}

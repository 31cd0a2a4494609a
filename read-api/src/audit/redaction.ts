/** What of an event never leaves the server, in the admin's event history and time travel. */

/**
 * Keys whose values never leave the server, wherever they appear in an event: a second line for the
 * ones named like a secret, and a calendar feed's id (the address is its owner's credential).
 */
export const SECRET_KEY = /secret|password|token|card|cvc|feedId/i;

/**
 * SQL for a jsonb column's text with what `redacted` hides replaced by "[redacted]": each value of a
 * key named like a secret, at any depth, whether a string, a number, a literal or a flat object or
 * list, so a search over it finds only what an admin is shown (issue #41). jsonb's text writes each
 * member as `"key": value`, and a quote inside a string as `\"`.
 */
export const redactedTextSql = (column: string) =>
  `regexp_replace(${column}::text, '${[
    `("(?:[^"\\\\]|\\\\.)*(?:${SECRET_KEY.source})(?:[^"\\\\]|\\\\.)*": )`,
    `(?:"(?:[^"\\\\]|\\\\.)*"|\\{[^{}]*\\}|\\[[^][]*\\]|[^,{}[\\]]+)`,
  ].join('')}', '\\1"[redacted]"', 'gi')`;

export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redacted(inner)]),
    );
  }
  return value;
}

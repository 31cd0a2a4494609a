import { describe, expect, it } from 'vitest';
import { FIRST_INSTANT_YEAR, LAST_INSTANT_YEAR } from '@playtime/shared/contract/instants';
import type { ApiAnswer } from '../support/api-client';
import { appWithAdmin } from '../support/standalone-app';

/**
 * Integration (HTTP, real PostgreSQL): every instant a request carries is bounded to the years the
 * product can mean. PostgreSQL reads years from 4713 BC on and JavaScript up to 275760, so before the
 * contract's bound `GET /api/admin/events?from=-004714-01-01T00:00:00Z` passed validation and answered
 * 500 (timestamp out of range). Called as an admin, whom no route turns away before parsing.
 */
const later = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
const muchLater = new Date(Date.now() + 2 * 24 * 3_600_000 + 2 * 3_600_000).toISOString();

/** Each POST route with a body it would otherwise accept, and its instants. */
const postRoutes: [path: string, body: Record<string, unknown>, instants: string[]][] = [
  ['/api/add-field-schedule', { subFieldId: 's1', startDate: later, endDate: muchLater }, ['startDate', 'endDate']],
  [
    '/api/edit-field-schedule',
    { fieldScheduleId: 'w1', startDate: later, endDate: muchLater },
    ['startDate', 'endDate'],
  ],
  [
    '/api/hold-slot',
    { subFieldId: 's1', startDate: later, endDate: muchLater, name: 'Kickabout', price: 0 },
    ['startDate', 'endDate'],
  ],
];

/** Each GET route with a query it would otherwise accept, and its instants. */
const getRoutes: [path: string, query: Record<string, string>, instants: string[]][] = [
  ['/api/admin/events', {}, ['from', 'to']],
  ['/api/admin/as-of', { stream: 'game-g1', at: later }, ['at']],
];

const outOfRange = [
  '-004714-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '1999-12-31T23:59:59.999Z',
  // Still 1999 in UTC.
  '2000-01-01T00:30:00+01:00',
  '2200-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
];
const RANGE = `must be in the years ${FIRST_INSTANT_YEAR} to ${LAST_INSTANT_YEAR}`;

const errorOf = (answer: ApiAnswer) => (answer.json as { error?: { fields?: Record<string, string> } } | null)?.error;

describe('instants outside the years the product means, over HTTP', () => {
  const suite = appWithAdmin();
  const post = (path: string, body: Record<string, unknown>, name: string, value: string) =>
    suite.admin.post(path, { ...body, [name]: value });
  const get = (path: string, query: Record<string, string>, name: string, value: string) =>
    suite.admin.get(`${path}?${new URLSearchParams({ ...query, [name]: value })}`);
  const calls = [
    ...postRoutes.flatMap(([path, body, names]) =>
      names.map((name) => ({ route: `POST ${path}`, name, send: (value: string) => post(path, body, name, value) })),
    ),
    ...getRoutes.flatMap(([path, query, names]) =>
      names.map((name) => ({ route: `GET ${path}`, name, send: (value: string) => get(path, query, name, value) })),
    ),
  ];

  it('answers the issue example with a 400 that names the years, not a 500', async () => {
    const answer = await suite.admin.get('/api/admin/events?from=-004714-01-01T00:00:00Z');
    expect(answer.status).toBe(400);
    expect(errorOf(answer)?.fields?.from).toBe(`from ${RANGE}`);
  });

  it('refuses every instant of every route outside the years with a 400 naming it', async () => {
    const mismatches: string[] = [];
    for (const { route, name, send } of calls) {
      for (const value of outOfRange) {
        const answer = await send(value);
        const refusal = answer.status === 400 ? errorOf(answer)?.fields?.[name] : undefined;
        if (!refusal?.endsWith(RANGE)) mismatches.push(`${route} ${name}=${value}: ${answer.status} ${answer.text}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses what is not a date and time with its zone, and takes the first and last moments of the years', async () => {
    const mismatches: string[] = [];
    for (const { route, name, send } of calls) {
      for (const value of ['yesterday', '2026-11-22T18:00:00', '+002026-13-45T00:00:00Z']) {
        const answer = await send(value);
        const refusal = answer.status === 400 ? errorOf(answer)?.fields?.[name] : undefined;
        if (!refusal?.endsWith('must be a date and time with its zone, e.g. 2026-11-22T18:00:00Z'))
          mismatches.push(`${route} ${name}=${value}: ${answer.status} ${answer.text}`);
      }
      for (const value of [`${FIRST_INSTANT_YEAR}-01-01T00:00:00Z`, `${LAST_INSTANT_YEAR}-12-31T23:59:59.999Z`]) {
        // The route may still refuse the call (no such sub-field, an end before its start), but not this instant.
        const answer = await send(value);
        if (answer.status >= 500 || errorOf(answer)?.fields?.[name])
          mismatches.push(`${route} ${name}=${value}: ${answer.status} ${answer.text}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

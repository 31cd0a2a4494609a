import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../support/api-client';
import { appWithAdmin } from '../support/standalone-app';

/**
 * Integration (HTTP, real PostgreSQL): PostgreSQL refuses the NUL character in text and a lone UTF-16
 * surrogate is no UTF-8, so before the contract's text primitive these answered 500 from deep in a
 * write or a query. Every text and id of every POST route and every query string must be refused at
 * the door with a 400 naming the value. Called as an admin, whom no route turns away before parsing.
 */
const later = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
const muchLater = new Date(Date.now() + 2 * 24 * 3_600_000 + 2 * 3_600_000).toISOString();
const field = {
  name: 'Riverside Park',
  address: '1 Riverside Dr',
  zipCode: '10001',
  city: 'New York',
  price: 45,
  description: 'Floodlit',
  picture: `/api/pictures/${'a'.repeat(64)}`,
};

/** Each POST route with a body it would otherwise accept, and the text and id values in that body. */
const postRoutes: [path: string, body: Record<string, unknown>, texts: string[]][] = [
  ['/api/add-field', field, ['name', 'address', 'zipCode', 'city', 'description', 'picture']],
  [
    '/api/edit-field',
    { ...field, fieldId: 'f1' },
    ['fieldId', 'name', 'address', 'zipCode', 'city', 'description', 'picture'],
  ],
  ['/api/delete-field', { fieldId: 'f1' }, ['fieldId']],
  ['/api/add-subfield', { masterFieldId: 'f1', name: 'Pitch A' }, ['masterFieldId', 'name']],
  ['/api/delete-subfield', { subFieldId: 's1' }, ['subFieldId']],
  [
    '/api/add-field-schedule',
    { subFieldId: 's1', startDate: later, endDate: muchLater },
    ['subFieldId', 'startDate', 'endDate'],
  ],
  [
    '/api/edit-field-schedule',
    { fieldScheduleId: 'w1', startDate: later, endDate: muchLater },
    ['fieldScheduleId', 'startDate', 'endDate'],
  ],
  ['/api/delete-field-schedule', { fieldScheduleId: 'w1' }, ['fieldScheduleId']],
  ['/api/edit-user', { username: 'admin', bio: 'Hi', profilePicture: '' }, ['username', 'bio', 'profilePicture']],
  ['/api/admin-edit-user', { userId: 'u1', role: 'player' }, ['userId']],
  ['/api/admin-delete-user', { userId: 'u1' }, ['userId']],
  ['/api/get-balance-of-account-from-username', { name: 'admin' }, ['name']],
  ['/api/set-field-policy', { fieldId: 'f1', cancellationWindowHours: 24, freeRental: false }, ['fieldId']],
  [
    '/api/hold-slot',
    { subFieldId: 's1', startDate: later, endDate: muchLater, name: 'Kickabout' },
    ['subFieldId', 'startDate', 'endDate', 'name'],
  ],
  ['/api/release-hold', { holdId: 'h1' }, ['holdId']],
  [
    '/api/add-game',
    { subFieldId: 's1', holdId: 'h1', paymentId: 'p1', name: 'Kickabout' },
    ['subFieldId', 'holdId', 'paymentId', 'name'],
  ],
  ['/api/delete-game', { gameId: 'g1' }, ['gameId']],
  ['/api/cancel-series', { gameId: 'g1' }, ['gameId']],
  ['/api/add-regular', { gameId: 'g1', username: 'player' }, ['gameId', 'username']],
  ['/api/remove-regular', { gameId: 'g1', participantId: 'u1' }, ['gameId', 'participantId']],
  [
    '/api/join-game',
    { gameId: 'g1', team: 1, participantId: 'u1', paymentId: 'p1' },
    ['gameId', 'participantId', 'paymentId'],
  ],
  ['/api/leave-game', { gameId: 'g1' }, ['gameId']],
  ['/api/remove-player', { gameId: 'g1', participantId: 'u1' }, ['gameId', 'participantId']],
  [
    '/api/switch-players',
    { gameId: 'g1', participantId1: 'u1', participantId2: 'u2' },
    ['gameId', 'participantId1', 'participantId2'],
  ],
  [
    '/api/checkout',
    {
      price: 100,
      email: 'admin@playtime.test',
      name: 'admin',
      receiver: 'owner',
      purpose: { kind: 'rental', holdId: 'h1', subFieldId: 's1' },
    },
    ['email', 'name', 'receiver', 'purpose.holdId', 'purpose.subFieldId'],
  ],
  [
    '/api/payments/simulated/confirm',
    { clientSecret: 'p1_secret_x', cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    ['clientSecret', 'cardNumber', 'cvc'],
  ],
  ['/api/payments/simulated/complete-action', { clientSecret: 'p1_secret_x' }, ['clientSecret']],
  ['/api/find-or-create-account-number', { name: 'admin' }, ['name']],
  ['/api/find-username-of-field-owner', { fieldName: 'Riverside Park' }, ['fieldName']],
  [
    '/api/partner-applications',
    {
      contactName: 'Ana',
      email: 'ana@example.com',
      phone: '(212) 555-0100',
      fieldName: 'Ana Fields',
      address: '1 Main St',
      zipCode: '10001',
      city: 'New York',
      subFields: 2,
      message: 'Hi',
    },
    ['contactName', 'email', 'phone', 'fieldName', 'address', 'zipCode', 'city', 'message'],
  ],
  ['/api/admin/approve-partner-application', { applicationId: 'a1' }, ['applicationId']],
  ['/api/admin/decline-partner-application', { applicationId: 'a1' }, ['applicationId']],
  ['/api/admin/revoke-partner-application', { applicationId: 'a1' }, ['applicationId']],
  ['/api/claim-partner-application', { applicationId: 'a1' }, ['applicationId']],
  ['/api/admin/retry-job', { queue: 'game-loop', jobId: 'j1' }, ['queue', 'jobId']],
];

/** `body` with the value at a dotted path (`purpose.holdId`) replaced. */
function withValue(body: Record<string, unknown>, dottedPath: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = dottedPath.split('.');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: withValue(body[head!] as Record<string, unknown>, rest.join('.'), value) };
}

/** Each GET route with a query string, and the query values. `%00` is NUL as a URL carries it. */
const getRoutes: [path: string, query: Record<string, string>][] = [
  ['/api/get-fields-by-name', { name: 'Riverside' }],
  ['/api/get-field-schedules', { fieldId: 'f1' }],
  ['/api/get-subfield-schedules', { subFieldId: 's1' }],
  ['/api/owner-get-game-data', { gameId: 'g1' }],
  ['/api/get-users', { page: '0', pageSize: '10' }],
  ['/api/get-game-data', { gameId: 'g1' }],
  ['/api/get-series-games', { seriesId: 's1' }],
  ['/api/geocode', { q: '10001' }],
  ['/api/admin/as-of', { stream: 'game-g1', at: later }],
  ['/api/admin/events', { stream: 'game-g1', actor: 'u1', correlation: 'c1', q: 'Riverside' }],
];

const badTexts = [
  ['a NUL character', 'ab\u0000cd', /must not contain the NUL character/],
  ['a lone high surrogate', 'ab\uD800cd', /unpaired UTF-16 surrogate/],
  ['a lone low surrogate', '\uDC00abcd', /unpaired UTF-16 surrogate/],
] as const;

const errorOf = (answer: ApiAnswer) =>
  (answer.json as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('text PostgreSQL cannot store, over HTTP', () => {
  const suite = appWithAdmin();

  it('is refused with a 400 naming the value, in every text and id of every POST route', async () => {
    const mismatches: string[] = [];
    for (const [path, body, texts] of postRoutes) {
      for (const text of texts) {
        for (const [what, value, message] of badTexts) {
          const answer = await suite.admin.post(path, withValue(body, text, value));
          const refusal = answer.status === 400 ? errorOf(answer).fields?.[text] : undefined;
          if (!refusal || !message.test(refusal))
            mismatches.push(`${path} ${text} with ${what}: ${answer.status} ${answer.text}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('is refused with a 400 naming the value, in every query string', async () => {
    const mismatches: string[] = [];
    for (const [path, query] of getRoutes) {
      for (const name of Object.keys(query)) {
        const search = Object.entries(query)
          .map(([key, value]) => `${key}=${key === name ? `ab%00cd` : encodeURIComponent(value)}`)
          .join('&');
        const answer = await suite.admin.get(`${path}?${search}`);
        if (answer.status !== 400 || !errorOf(answer).fields?.[name])
          mismatches.push(`${path} ${name} with NUL: ${answer.status} ${answer.text}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('still takes well-formed text from every script, emoji included', async () => {
    const added = await suite.admin.post('/api/add-field', {
      ...field,
      name: 'Pitch ⚽ 東京 😀',
      description: 'Zürich',
    });
    expect(added.status, added.text).toBe(200);
    const found = await suite.admin.get(`/api/get-fields-by-name?name=${encodeURIComponent('東京 😀')}`);
    expect(found.status, found.text).toBe(200);
    expect((found.json as { fieldName: string }[]).map((listed) => listed.fieldName)).toEqual(['Pitch ⚽ 東京 😀']);
  });
});

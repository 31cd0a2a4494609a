import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/postgres';
import { redacted, redactedTextSql } from './redaction';

/** The event history's free text searches redactedTextSql's text: it must hide what `redacted` hides. */
describe('redactedTextSql', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase('redaction');
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const inSql = async (data: unknown) =>
    JSON.parse(
      (await pool.query<{ text: string }>(`SELECT ${redactedTextSql('$1::jsonb')} AS text`, [JSON.stringify(data)]))
        .rows[0]!.text,
    ) as unknown;

  it.each([
    { userId: 'u1', feedId: 'AbC-123_xyz' },
    { payment: { clientSecret: 'pi_1_secret_2', amountCents: 500 }, why: 'paid' },
    { card: { last4: '4242', brand: 'visa' }, note: 'says "token": "not one" in a sentence' },
    { tokens: [1, 2, 3], cvc: 123, passwordHash: null, cardOnFile: true },
    { items: [{ token: 'a' }, { token: 'b', keep: 'this' }] },
    { 'an "odd" token': 'hidden', plain: 'kept, with {braces} and [brackets]' },
  ])('hides what the answer hides: %j', async (data) => {
    expect(await inSql(data)).toEqual(redacted(data));
  });
});

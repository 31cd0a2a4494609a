import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/postgres';
import { runInOneRoundTrip } from './sql-script';

describe('runInOneRoundTrip (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  /** What crossed the client's socket, in order: 'sent' for each write, 'received' for each read. */
  let traffic: ('sent' | 'received')[] = [];
  /** How many times the socket handed bytes to the system (a system call each). */
  let flushes = 0;

  beforeAll(async () => {
    database = await createTestDatabase('sqlscript');
    client = new pg.Client({ connectionString: database.url, pipeline: true });
    await client.connect();
    await client.query('CREATE TABLE notes (id int PRIMARY KEY, note text NOT NULL)');
    const socket = (client as unknown as { connection: { stream: NodeJS.WritableStream & NodeJS.ReadableStream } })
      .connection.stream;
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    (socket as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
      traffic.push('sent');
      return write(...args);
    };
    socket.on('data', () => traffic.push('received'));
    const internals = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
    for (const method of ['_write', '_writev'] as const) {
      const flush = internals[method].bind(socket);
      internals[method] = (...args: unknown[]) => {
        flushes += 1;
        flush(...args);
      };
    }
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const notes = async () =>
    (await client.query<{ id: number; note: string }>('SELECT id, note FROM notes ORDER BY id')).rows;

  it('binds every parameter: user text is stored as typed and never read as SQL', async () => {
    const tricky = `O'Brien said "hi" \\ back\\slash $1 $$ ; -- not a comment'); DROP TABLE notes; --`;
    await runInOneRoundTrip(client, 'SET LOCAL search_path TO public', [
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [1, tricky] },
      {
        text: 'INSERT INTO notes (id, note) SELECT id, note FROM unnest($1::int[], $2::text[]) AS n(id, note)',
        values: [
          [2, 3],
          ['\u00e9t\u00e9 \u{1F3DF}', "it's"],
        ],
      },
    ]);
    expect(await notes()).toEqual([
      { id: 1, note: tricky },
      { id: 2, note: '\u00e9t\u00e9 \u{1F3DF}' },
      { id: 3, note: "it's" },
    ]);
    await client.query('DELETE FROM notes');
  });

  it('sends the whole transaction at once, before reading any answer: one round trip, one write', async () => {
    traffic = [];
    flushes = 0;
    await runInOneRoundTrip(client, 'SET LOCAL search_path TO public', [
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [1, 'a'] },
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [2, 'b'] },
      { text: 'UPDATE notes SET note = note || $1', values: ['!'] },
      { text: 'SELECT pg_notify($1, $2)', values: ['sql_script_test', 'done'] },
    ]);
    expect(traffic.length).toBeGreaterThan(1);
    expect(traffic.lastIndexOf('sent')).toBeLessThan(traffic.indexOf('received'));
    // And in one write to the socket, not one per statement.
    expect(flushes).toBe(1);
    // Later statements see earlier ones: it is one transaction, in order.
    expect(await notes()).toEqual([
      { id: 1, note: 'a!' },
      { id: 2, note: 'b!' },
    ]);
    await client.query('DELETE FROM notes');
  });

  it('undoes everything when a statement fails, throws that failure and leaves the connection idle', async () => {
    const failing = runInOneRoundTrip(client, 'SET LOCAL search_path TO public', [
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [1, 'kept?'] },
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [1, 'same id'] },
      { text: 'INSERT INTO notes (id, note) VALUES ($1, $2)', values: [2, 'after the failure'] },
    ]);
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(client.getTransactionStatus()).toBe('I');
    expect(await notes()).toEqual([]);
    // The setup is undone with it: SET LOCAL ends with the transaction.
    await runInOneRoundTrip(client, "SET LOCAL application_name TO 'inside'", []);
    expect((await client.query<{ name: string }>('SHOW application_name')).rows[0]!.name).not.toBe('inside');
  });

  it('refuses a client that is not pipelined, whose statements would each be a round trip', async () => {
    const plain = new pg.Client({ connectionString: database.url });
    await plain.connect();
    try {
      await expect(runInOneRoundTrip(plain, '', [{ text: 'SELECT 1' }])).rejects.toThrow(/pipeline: true/);
    } finally {
      await plain.end();
    }
  });
});

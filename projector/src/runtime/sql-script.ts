import type pg from 'pg';
import type { SqlStatement } from './projection';

/** The client's socket as pg keeps it (not in pg's types); cork and uncork as node's streams have them. */
interface CorkableStream {
  cork?(): void;
  uncork?(): void;
}

/**
 * Runs statements as one transaction in one round trip, every parameter bound, never written into
 * the SQL text (the texts come from code; what users typed travels only as values).
 *
 * The client is in pipeline mode: BEGIN with the `setup`, each statement (extended protocol: parse,
 * bind, execute) and COMMIT are written to the socket at once, and the answers are read back
 * together, so a batch still costs the one round trip a single SQL script did. Once a statement
 * fails PostgreSQL refuses the rest of the transaction and the COMMIT ends it as a ROLLBACK: the
 * connection is left idle and the first failure is thrown.
 *
 * `setup` is sent with BEGIN as plain text and must not take parameters (e.g. `SET LOCAL`). Answers the
 * statements' results in their order.
 */
export async function runInOneRoundTrip(
  client: pg.Client,
  setup: string,
  statements: Array<SqlStatement & { name?: string }>,
): Promise<pg.QueryResult[]> {
  if (!client.pipeline)
    throw new Error(
      'runInOneRoundTrip needs a client created with { pipeline: true }: without it every statement is a round trip',
    );
  // Held in the socket's buffer until all are queued: one write to the socket instead of one per
  // statement (each a system call; a saturated batch of 40 statements made 40 of them).
  const socket = (client as unknown as { connection?: { stream?: CorkableStream } }).connection?.stream;
  socket?.cork?.();
  let settled: Promise<PromiseSettledResult<pg.QueryResult>[]>;
  try {
    settled = Promise.allSettled([
      client.query(setup ? `BEGIN; ${setup}` : 'BEGIN'),
      ...statements.map((statement) =>
        client.query({ name: statement.name, text: statement.text, values: statement.values }),
      ),
      client.query('COMMIT'),
    ]);
  } finally {
    socket?.uncork?.();
  }
  const answers = await settled;
  const failed = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
  if (failed) throw failed.reason;
  const committed = answers.at(-1) as PromiseFulfilledResult<pg.QueryResult>;
  if (committed.value.command !== 'COMMIT')
    throw new Error(`The transaction ended with ${committed.value.command}, not COMMIT`);
  // Each statement's result, in the statements' order (BEGIN and COMMIT left out).
  return answers.slice(1, -1).map((answer) => (answer as PromiseFulfilledResult<pg.QueryResult>).value);
}

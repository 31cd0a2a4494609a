/**
 * Issue #43: the email worker on its own thread, as the standalone app and the projector run it. The
 * thread sends the outbox through its embedded catcher, hands back the settings mail is written with,
 * and on close lets go of its connections and its port.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@playtime/shared/infra/db/pool';
import { startEmailThread } from '@playtime/shared/infra/email/email-thread';
import { writeEmail } from '@playtime/shared/infra/email/outbox';
import { messageIdOf } from '@playtime/shared/infra/email/sender';
import { loadUnsubscribeKey } from '@playtime/shared/infra/email/unsubscribe-tokens';
import { createLogger } from '@playtime/shared/infra/logging';
import { createTestDatabase } from '../support/postgres';
import { waitFor } from '../support/wait';

const PUBLIC_URL = 'http://playtime.test';

describe('the email thread', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: Pool;
  beforeAll(async () => {
    database = await createTestDatabase('email_thread');
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const emailConnections = async () =>
    (
      await pool.query<{ count: number }>(
        `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'playtime-email'`,
      )
    ).rows.map((row) => Number(row.count))[0];
  const portAnswers = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  it('sends the outbox from its own thread and lets go of everything when closed', async () => {
    const thread = await startEmailThread(
      { databaseUrl: database.url, from: 'Playtime <no-reply@playtime.test>', publicUrl: PUBLIC_URL },
      createLogger('email-thread-test'),
    );
    try {
      // The settings the projector writes mail with are the ones the thread signs and links with.
      expect(thread.settings).toEqual({ publicUrl: PUBLIC_URL, unsubscribeKey: await loadUnsubscribeKey(pool) });
      expect(thread.catcherPort).toEqual(expect.any(Number));
      expect(await portAnswers(thread.catcherPort!)).toBe(true);

      const id = (await writeEmail(pool, thread.settings, {
        kind: 'password-reset',
        accountId: 'account-tess',
        to: 'tess@example.com',
        nickname: 'Tess',
        link: `${PUBLIC_URL}/account/reset-password?token=t`,
      })) as number;
      await waitFor('the thread to send the mail to its catcher', async () => {
        const { rows } = await pool.query<{ to_address: string }>(
          'SELECT to_address FROM caught_mail WHERE message_id = $1',
          [messageIdOf(id, 'playtime.test')],
        );
        return rows[0]?.to_address === 'tess@example.com';
      });
      // The catcher keeps the mail before its answer reaches the sender, which only then marks the row
      // sent: a read right after the catch can still see it 'sending'.
      await waitFor('the outbox to mark the mail sent', async () => {
        const { rows } = await pool.query<{ state: string }>('SELECT state FROM email_outbox WHERE id = $1', [id]);
        return rows[0]?.state === 'sent';
      });
      expect(await emailConnections()).toBeGreaterThan(0);
    } finally {
      await thread.close();
    }
    expect(await emailConnections()).toBe(0);
    expect(await portAnswers(thread.catcherPort!)).toBe(false);
  });
});

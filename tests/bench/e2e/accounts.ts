import { createPool } from '@playtime/shared/infra/db/pool';
import { AccountStore } from '@playtime/shared/infra/identity/embedded-provider/index';
import { accessTokenFor } from '../../support/api-client';
import { nowMs } from '../support/timing';
import { BenchHttp } from './http';

export interface BenchUser {
  index: number;
  email: string;
  token: string;
  userId: string;
  username: string;
  profilePicture: string;
}

export interface SetupTimings {
  createMs: number;
  loginMs: number;
  registerMs: number;
}

const PASSWORD = 'bench-password';

/** Runs `work` over `items` with at most `concurrency` at once. */
export async function forEachLimited<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/**
 * `count` accounts straight into the embedded provider's store (AccountStore.create: one scrypt hash
 * each), then one login each over HTTP (authorization code + PKCE through the login page), then one
 * POST /api/register-user each (RegisterUser, waiting for the users projection), then GET /api/get-user.
 */
export async function setUpUsers(
  appUrl: string,
  databaseUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<{ users: BenchUser[]; timings: SetupTimings }> {
  const run = Date.now().toString(36);
  const emails = Array.from({ length: count }, (_, index) => `bench-${run}-${index}@playtime.test`);

  let started = nowMs();
  const pool = createPool(databaseUrl, { max: 4, applicationName: 'playtime-bench-accounts' });
  try {
    const accounts = new AccountStore(pool);
    // Hashing runs on libuv's pool (4 threads): more at once would only queue.
    await forEachLimited(emails, 4, async (email, index) => {
      await accounts.create({ email, nickname: `bench${index}`, password: PASSWORD, emailVerified: true });
    });
  } finally {
    await pool.end();
  }
  const createMs = nowMs() - started;
  log(`e2e: ${count} accounts created in ${(createMs / 1000).toFixed(1)} s; logging in…`);

  started = nowMs();
  const tokens: string[] = new Array<string>(count);
  await forEachLimited(emails, 8, async (email, index) => {
    tokens[index] = await accessTokenFor(appUrl, email, PASSWORD);
  });
  const loginMs = nowMs() - started;
  log(`e2e: ${count} logins in ${(loginMs / 1000).toFixed(1)} s; registering…`);

  started = nowMs();
  const http = new BenchHttp(appUrl, 16);
  const users: BenchUser[] = new Array<BenchUser>(count);
  try {
    await forEachLimited(emails, 16, async (email, index) => {
      const registered = await http.request('POST', '/api/register-user', tokens[index]!);
      if (registered.status !== 200)
        throw new Error(`POST /api/register-user for ${email}: ${registered.status} ${registered.body.slice(0, 300)}`);
      const answer = await http.request('GET', '/api/get-user', tokens[index]!);
      if (answer.status !== 200)
        throw new Error(`GET /api/get-user for ${email}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const me = JSON.parse(answer.body) as { userId: string; username: string; profilePicture: string | null };
      users[index] = {
        index,
        email,
        token: tokens[index]!,
        userId: me.userId,
        username: me.username,
        profilePicture: me.profilePicture ?? '',
      };
    });
  } finally {
    http.close();
  }
  const registerMs = nowMs() - started;
  log(`e2e: ${count} users registered in ${(registerMs / 1000).toFixed(1)} s`);
  return { users, timings: { createMs, loginMs, registerMs } };
}

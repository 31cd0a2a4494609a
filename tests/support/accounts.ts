import { createPool } from '@playtime/shared/infra/db/pool';
import { AccountStore } from '@playtime/shared/infra/identity/embedded-provider/accounts';
import { ApiClient, accessTokenFor } from './api-client';

/** A sign-up on the embedded provider's account store (what its sign-up page does), then its access token. */
export async function signUpToken(
  app: { url: string; databaseUrl: string },
  email: string,
  nickname: string,
  emailVerified = false,
): Promise<string> {
  const pool = createPool(app.databaseUrl);
  try {
    await new AccountStore(pool).create({ email, nickname, password: 'sign-up ok', emailVerified });
  } finally {
    await pool.end();
  }
  return accessTokenFor(app.url, email, 'sign-up ok');
}

/** A signed-up player, registered with Playtime as the web does right after login. */
export async function signUpPlayer(
  app: { url: string; databaseUrl: string },
  email: string,
  nickname: string,
): Promise<ApiClient> {
  const client = new ApiClient(app.url, await signUpToken(app, email, nickname));
  const registered = await client.post('/api/register-user');
  if (registered.status !== 200)
    throw new Error(`registering ${email} failed: ${registered.status} ${registered.text}`);
  return client;
}

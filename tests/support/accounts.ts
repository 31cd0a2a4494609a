import { createPool } from '@playtime/shared/infra/db/pool';
import { AccountStore } from '@playtime/shared/infra/identity/embedded-provider/accounts';
import { ApiClient, accessTokenFor } from './api-client';

/** The people the embedded provider seeds (`<who>@playtime.test`, password 'playtime'). */
export type DemoPerson = 'owner' | 'captain' | 'player' | 'admin';

/** A demo person logged in as the web does: a client calling as them. */
export const signedIn = async (appUrl: string, who: DemoPerson): Promise<ApiClient> =>
  new ApiClient(appUrl, await accessTokenFor(appUrl, `${who}@playtime.test`));

/** Several demo people logged in one after the other: their clients, in the order named. */
export async function demoClients<const People extends readonly DemoPerson[]>(
  appUrl: string,
  ...people: People
): Promise<{ [Index in keyof People]: ApiClient }> {
  const clients: ApiClient[] = [];
  for (const who of people) clients.push(await signedIn(appUrl, who));
  return clients as { [Index in keyof People]: ApiClient };
}

/** Every demo person signed in, with their user ids, and a client without a token. */
export async function demoPeople(
  appUrl: string,
): Promise<{ clients: Record<DemoPerson | 'anonymous', ApiClient>; ids: Record<DemoPerson, string> }> {
  const clients = { anonymous: new ApiClient(appUrl, null) } as Record<DemoPerson | 'anonymous', ApiClient>;
  const ids = {} as Record<DemoPerson, string>;
  for (const who of ['owner', 'captain', 'player', 'admin'] as const) {
    clients[who] = await signedIn(appUrl, who);
    ids[who] = ((await clients[who].get('/api/get-user')).json as { userId: string }).userId;
  }
  return { clients, ids };
}

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
/**
 * `count` players signed up as `${prefix}0@playtime.test`… (nicknames `${prefix}0`…), `batch` at a time
 * so the identity provider is not flooded: their clients and ids, by index.
 */
export async function signUpPlayers(
  app: { url: string; databaseUrl: string },
  prefix: string,
  count: number,
  batch: number,
): Promise<{ players: ApiClient[]; playerIds: string[] }> {
  const players: ApiClient[] = [];
  for (let first = 0; first < count; first += batch) {
    const size = Math.min(batch, count - first);
    players.push(
      ...(await Promise.all(
        Array.from({ length: size }, (_, index) =>
          signUpPlayer(app, `${prefix}${first + index}@playtime.test`, `${prefix}${first + index}`),
        ),
      )),
    );
  }
  const playerIds = await Promise.all(
    players.map(async (player) => ((await player.get('/api/get-user')).json as { userId: string }).userId),
  );
  return { players, playerIds };
}

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

import { ApiClient, accessTokenFor } from './api-client';
import type { DemoPerson } from './game-loop';

/** One of the embedded provider's demo people, signed in over HTTP: their API client, as their browser would call. */
export async function demoClient(appUrl: string, who: DemoPerson): Promise<ApiClient> {
  return new ApiClient(appUrl, await accessTokenFor(appUrl, `${who}@playtime.test`));
}

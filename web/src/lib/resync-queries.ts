import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { readSince } from './read-position';

/**
 * After a room join answered with `joinedAt` (where the read models were once the socket was in the
 * room): asks again only for the answers read before it, which may lack a change announced before the
 * socket heard the room. An answer read at or after it lacks none. A query being fetched at that moment
 * is judged by the answer it gets, once that lands (a failed fetch keeps the older answer, which is then
 * judged); unknown read positions are asked again.
 */
export function resyncQueries(queryClient: QueryClient, queryKeys: readonly QueryKey[], joinedAt: string | undefined) {
  const cache = queryClient.getQueryCache();
  const askAgainIfOlder = (query: Query) => {
    if (!readSince(query.state.data, joinedAt))
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  };
  for (const query of queryKeys.flatMap((queryKey) => cache.findAll({ queryKey }))) {
    if (query.state.fetchStatus === 'idle') {
      askAgainIfOlder(query);
      continue;
    }
    const stop = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type === 'removed') return stop();
      if (query.state.fetchStatus !== 'idle') return;
      stop();
      askAgainIfOlder(query);
    });
  }
}

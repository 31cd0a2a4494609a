import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { resyncQueries } from '../lib/resync-queries';
import { realtime } from '../lib/socket';

/**
 * Keeps the given queries live: joins `room` while the component is mounted and invalidates the
 * keys whenever the server announces a change there. On joining (and joining again after a
 * reconnect) it asks again only for the answers read before the join's position, which may lack a
 * change the socket missed (resyncQueries): a page's first answers, read a moment before, are usually as new.
 * A null room (e.g. the user id is not known yet) joins nothing.
 */
export function useLiveRoom(room: string | null | undefined, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  // Callers usually pass a fresh array each render; an effect event reads the latest keys at push
  // time without joining the room again.
  const refresh = useEffectEvent(() => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
  const resync = useEffectEvent((joinedAt: string | undefined) => resyncQueries(queryClient, queryKeys, joinedAt));

  useEffect(() => {
    if (!room) return;
    return realtime.subscribe(room, { onChange: () => refresh(), onResync: (joinedAt) => resync(joinedAt) });
  }, [room]);
}

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { realtime } from '../lib/socket';

/**
 * Keeps the given queries live: joins `room` while the component is mounted and invalidates the
 * keys whenever the server announces a change there, and after a reconnect (when pushes may have
 * been missed). A null room (e.g. the user id is not known yet) joins nothing.
 */
export function useLiveRoom(room: string | null | undefined, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  // Callers usually pass a fresh array each render; an effect event reads the latest keys at push
  // time without joining the room again.
  const refresh = useEffectEvent(() => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });

  useEffect(() => {
    if (!room) return;
    return realtime.subscribe(room, { onChange: () => refresh(), onResync: () => refresh() });
  }, [room]);
}

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/socket';

/**
 * Keeps the given queries live: joins `room` while the component is mounted and invalidates the
 * keys whenever the server announces a change there, and after a reconnect (when pushes may have
 * been missed). A null room (e.g. the user id is not known yet) joins nothing.
 */
export function useLiveRoom(room: string | null | undefined, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  // Callers usually pass a fresh array each render; the latest keys are read at push time.
  const keysRef = useRef(queryKeys);
  useEffect(() => {
    keysRef.current = queryKeys;
  });

  useEffect(() => {
    if (!room) return;
    const refresh = () => {
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    };
    return realtime.subscribe(room, { onChange: refresh, onResync: refresh });
  }, [room, queryClient]);
}

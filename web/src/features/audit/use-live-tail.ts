import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { rooms } from '@playtime/shared/contract/rooms';
import type { HistoryEvent } from '@playtime/shared/contract/audit';
import { realtime } from '../../lib/socket';
import { fetchEventHistoryPage } from './api/events';

/** Events fetched per request; a tail behind by more asks again at once. */
const PULL_LIMIT = 200;
/** At most one pull per this many milliseconds: at 1,000 events/s the list grows in a few batches a second, not per event. */
const PULL_EVERY_MS = 250;
/** The tail keeps this many events above the loaded pages; past it, the view starts again from the newest page. */
const TAIL_MAX = 20_000;

/**
 * The Event History's live tail: on each change pushed to the admins' room it fetches only the events
 * right after the newest one shown (`after`), a page at a time until it caught up, and puts them on
 * top in batches. A tail grown past TAIL_MAX, or a reconnect that may have missed pushes, calls
 * `restart` (the newest page again).
 */
export function useLiveTail(
  filters: Record<string, string>,
  live: boolean,
  newestLoaded: number | undefined,
  restart: () => void,
): HistoryEvent[] {
  const [tail, setTail] = useState<HistoryEvent[]>([]);
  const newest = useRef<number | undefined>(undefined);
  newest.current = tail[0]?.position ?? newestLoaded;
  const filtersKey = JSON.stringify(filters);
  const state = useRef({ wanted: false, running: false, generation: 0 });
  const size = useRef(0);

  const startOver = useEffectEvent(() => {
    state.current.generation += 1;
    size.current = 0;
    setTail([]);
    restart();
  });

  const pull = useEffectEvent(async () => {
    const own = state.current;
    if (own.running) return;
    own.running = true;
    try {
      while (own.wanted) {
        own.wanted = false;
        const generation = own.generation;
        const after = newest.current;
        if (after === undefined) break;
        const page = await fetchEventHistoryPage({ ...filters, after, limit: PULL_LIMIT });
        if (generation !== own.generation) continue;
        if (page.events.length) {
          newest.current = page.events[0]!.position;
          size.current += page.events.length;
          // Dropping the tail's oldest would leave a hole between it and the pages below: start over instead.
          if (size.current > TAIL_MAX) {
            startOver();
            break;
          }
          setTail((current) => [...page.events, ...current]);
        }
        if (page.more) {
          own.wanted = true;
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, PULL_EVERY_MS));
      }
    } catch {
      // The next push (or the reconnect's resync) pulls again.
    } finally {
      own.running = false;
    }
  });

  // Other filters: another list, from its newest page.
  useEffect(() => {
    state.current.generation += 1;
    size.current = 0;
    setTail([]);
  }, [filtersKey]);

  useEffect(() => {
    if (!live) return;
    const wantMore = () => {
      state.current.wanted = true;
      void pull();
    };
    // Resuming catches up with what came while paused.
    wantMore();
    return realtime.subscribe(rooms.admin, { onChange: wantMore, onResync: () => startOver() });
  }, [live]);

  return tail;
}

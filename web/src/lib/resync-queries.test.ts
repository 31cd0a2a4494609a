import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { recordReadAt } from './read-position';
import { resyncQueries } from './resync-queries';

const JOINED_AT = '200:3';
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A query whose answers come when the test says, each read at a given position (as X-Playtime-Read-At
 * would say): how often it was asked is what resyncing decides.
 */
function answeredQuery(client: QueryClient, key: string) {
  const pending: Array<(readAt: string | null) => void> = [];
  let asked = 0;
  const queryFn = () => {
    asked += 1;
    return new Promise<object>((resolve) =>
      pending.push((readAt) => {
        const answer = { asked };
        recordReadAt(answer, readAt);
        resolve(answer);
      }),
    );
  };
  // An observer keeps the query active, as a page showing it does: subscribing fetches it, and
  // invalidating it fetches it again.
  const observer = new QueryObserver(client, { queryKey: [key], queryFn });
  return {
    start: () => void observer.subscribe(() => {}),
    answer: async (readAt: string | null) => {
      pending.shift()!(readAt);
      await settled();
    },
    asked: () => asked,
  };
}

describe('resyncing after a room join', () => {
  const clients: QueryClient[] = [];
  const newClient = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(client);
    return client;
  };
  afterEach(() => clients.splice(0).forEach((client) => client.clear()));

  it('asks again for an answer read before the join, and not for one read at or after it', async () => {
    const client = newClient();
    const older = answeredQuery(client, 'older');
    const newer = answeredQuery(client, 'newer');
    older.start();
    newer.start();
    await older.answer('199:9');
    await newer.answer(JOINED_AT);
    resyncQueries(client, [['older'], ['newer']], JOINED_AT);
    await settled();
    expect(older.asked()).toBe(2);
    expect(newer.asked()).toBe(1);
  });

  it('judges a query being fetched at the join by the answer it gets', async () => {
    const client = newClient();
    const recent = answeredQuery(client, 'recent');
    const stale = answeredQuery(client, 'stale');
    recent.start();
    stale.start();
    resyncQueries(client, [['recent'], ['stale']], JOINED_AT);
    await settled();
    // Nothing is asked twice while the first answers are still coming.
    expect([recent.asked(), stale.asked()]).toEqual([1, 1]);
    await recent.answer('200:4');
    await stale.answer('150:0');
    expect(recent.asked()).toBe(1);
    expect(stale.asked()).toBe(2);
    // Its second answer is not judged again: the join was answered once.
    await stale.answer('201:0');
    expect(stale.asked()).toBe(2);
  });

  it('asks again for an answer whose read position is unknown, or with no join position', async () => {
    const client = newClient();
    const unknown = answeredQuery(client, 'unknown');
    unknown.start();
    await unknown.answer(null);
    resyncQueries(client, [['unknown']], JOINED_AT);
    await settled();
    expect(unknown.asked()).toBe(2);
    await unknown.answer('300:0');
    resyncQueries(client, [['unknown']], undefined);
    await settled();
    expect(unknown.asked()).toBe(3);
  });
});

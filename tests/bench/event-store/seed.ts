import type { EventStore, ExpectedRevision, NewEvent } from '@playtime/shared/infra/eventstore/port';
import { nowMs } from '../support/timing';

export interface SeedResult {
  events: number;
  streams: number;
  eventsPerAppend: number;
  ms: number;
  eventsPerSecond: number;
}

/**
 * Fills the log fast with multi-event appends: `streams` streams, each seeder owning every
 * `seeders`-th stream and appending `eventsPerAppend` events at a time, round by round, so the log
 * interleaves streams the way a live system does. Each event carries `n` for the projection's sums.
 */
export async function seedEvents(
  store: EventStore,
  options: { events: number; streams: number; eventsPerAppend: number; seeders: number },
): Promise<SeedResult> {
  const { events, streams, eventsPerAppend, seeders } = options;
  const appends = Math.ceil(events / eventsPerAppend);
  const revisions: ExpectedRevision[] = Array.from({ length: streams }, () => 'no_stream');
  const started = nowMs();
  await Promise.all(
    Array.from({ length: seeders }, async (_, seeder) => {
      // Append i goes to stream i % streams; seeder s takes the appends whose stream is ≡ s (mod seeders).
      for (let i = 0; i < appends; i += 1) {
        const stream = i % streams;
        if (stream % seeders !== seeder) continue;
        const count = Math.min(eventsPerAppend, events - i * eventsPerAppend);
        const batch: NewEvent[] = Array.from({ length: count }, (_, k) => ({
          type: 'BenchEventHappened',
          data: { n: i * eventsPerAppend + k + 1 },
        }));
        const result = await store.appendToStream(`seed-${stream}`, batch, { expectedRevision: revisions[stream]! });
        revisions[stream] = result.nextRevision;
      }
    }),
  );
  const ms = nowMs() - started;
  return { events, streams, eventsPerAppend, ms, eventsPerSecond: events / (ms / 1000) };
}

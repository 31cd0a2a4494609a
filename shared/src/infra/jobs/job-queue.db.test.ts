import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
// Production processes load this: it makes pg parse bigint as Number for every pool, BullMQ's too.
import '../db/pool';
import { describeJobQueueContract } from './job-queue.contract';

describeJobQueueContract('PostgreSQL', async () => {
  const database = await createTestDatabase('jobs');
  return {
    backend: { kind: 'postgres', connectionString: database.url },
    teardown: () => database.drop(),
  };
});

const redisUrl = process.env.REDIS_URL;

// Runs when a Redis is configured, e.g. REDIS_URL=redis://127.0.0.1:6379.
describe.runIf(redisUrl !== undefined)('Redis backend', () => {
  describeJobQueueContract('Redis', async () => {
    const prefix = `playtime-test-${randomUUID()}`;
    return {
      backend: { kind: 'redis', url: redisUrl! },
      prefix,
      // Leaves the shared Redis as it was: removes every key this run wrote.
      teardown: async () => {
        const redis = new Redis(redisUrl!);
        try {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
            cursor = next;
            if (keys.length > 0) await redis.del(...keys);
          } while (cursor !== '0');
        } finally {
          redis.disconnect();
        }
      },
    };
  });
});

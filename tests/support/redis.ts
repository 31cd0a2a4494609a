import { Redis } from 'ioredis';
import { deploymentNamespace } from '@playtime/shared/infra/runtime/deployment-namespace';

/**
 * Deletes the keys a test deployment left on the machine's Redis (its job queues, under the namespace
 * of its database), so runs do not pile up queues of databases already dropped.
 */
export async function removeDeploymentKeys(redisUrl: string, databaseUrl: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = redis.scanStream({ match: `${deploymentNamespace(databaseUrl)}:*`, count: 500 });
    for await (const batch of keys as AsyncIterable<string[]>) {
      if (batch.length > 0) await redis.unlink(...batch);
    }
  } finally {
    redis.disconnect();
  }
}

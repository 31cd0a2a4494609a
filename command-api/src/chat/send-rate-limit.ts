import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_TEXTS } from '@playtime/shared/contract/chat';
import { deploymentNamespace } from '@playtime/shared/infra/runtime/deployment-namespace';
import { ApiError } from '@playtime/shared/infra/http/errors';

/** How often one person may send a chat message: CHAT_MESSAGES_PER_MINUTE a minute, over every game. */
export interface ChatSendLimit {
  /** Takes one send from the user's minute, or throws a 429 ApiError with the seconds to wait (`retryAfter`). */
  take(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The 429 of a user over the limit: the route sets Retry-After from `retryAfterSeconds`. */
export class TooManyMessages extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_messages', CHAT_TEXTS.tooFast(retryAfterSeconds));
  }
}

function limitOf(limiter: RateLimiterAbstract, close: () => Promise<void>): ChatSendLimit {
  return {
    async take(userId) {
      try {
        await limiter.consume(userId);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        throw new TooManyMessages(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      }
    },
    close,
  };
}

/**
 * The send limit as the deployment runs: with REDIS_URL every command API counts in Redis (a person
 * spreading sends over several instances is still held to the limit), under the deployment's
 * namespace; standalone, in this process's memory, which is every command API there is.
 */
export async function openChatSendLimit(settings: { redisUrl?: string; databaseUrl: string }): Promise<ChatSendLimit> {
  const options = { points: CHAT_MESSAGES_PER_MINUTE, duration: 60 };
  if (!settings.redisUrl) return limitOf(new RateLimiterMemory(options), async () => undefined);
  const client = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  const keyPrefix = `${deploymentNamespace(settings.databaseUrl)}-chat-sends`;
  // Redis away: each process counts on its own meanwhile rather than refusing every message with a 500.
  const insuranceLimiter = new RateLimiterMemory(options);
  return limitOf(new RateLimiterRedis({ ...options, storeClient: client, keyPrefix, insuranceLimiter }), async () => {
    await client.quit().catch(() => undefined);
  });
}

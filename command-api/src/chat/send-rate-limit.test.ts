import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PER_MINUTE } from '@playtime/shared/contract/chat';
import { openChatSendLimit, TooManyMessages, type ChatSendLimit } from './send-rate-limit';

/** Takes `count` sends from one user at once: how many went through, and the refusals. */
async function sendAtOnce(limit: ChatSendLimit, userId: string, count: number) {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => limit.take(userId)));
  const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  return { taken: count - refusals.length, refusals };
}

function expectTenThenRefused(result: Awaited<ReturnType<typeof sendAtOnce>>) {
  expect(result.taken).toBe(CHAT_MESSAGES_PER_MINUTE);
  expect(result.refusals).toHaveLength(3);
  for (const refusal of result.refusals) {
    expect(refusal).toBeInstanceOf(TooManyMessages);
    const { status, retryAfterSeconds } = refusal as TooManyMessages;
    expect(status).toBe(429);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
  }
}

describe('the chat send limit', () => {
  it(`takes ${CHAT_MESSAGES_PER_MINUTE} a minute per person in memory (standalone), each person apart`, async () => {
    const limit = await openChatSendLimit({ databaseUrl: 'postgres://localhost/chat-limit-test' });
    expectTenThenRefused(await sendAtOnce(limit, 'sam', CHAT_MESSAGES_PER_MINUTE + 3));
    expect((await sendAtOnce(limit, 'alex', 1)).taken).toBe(1);
    await limit.close();
  });

  // With REDIS_URL (the distributed run): two command APIs of one deployment share the count.
  it.skipIf(!process.env.REDIS_URL)('shares the count in Redis between two processes of a deployment', async () => {
    const settings = { redisUrl: process.env.REDIS_URL, databaseUrl: `postgres://localhost/chat-${randomUUID()}` };
    const [one, two] = await Promise.all([openChatSendLimit(settings), openChatSendLimit(settings)]);
    try {
      const [first, second] = await Promise.all([sendAtOnce(one, 'sam', 7), sendAtOnce(two, 'sam', 6)]);
      expectTenThenRefused({ taken: first.taken + second.taken, refusals: [...first.refusals, ...second.refusals] });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { gameLoopEvents, POLICY_NOW } from '../../testing/game-loop-events';
import { offerExpiryPolicy } from './policy';

const { stored } = gameLoopEvents();
const policy = offerExpiryPolicy({ now: POLICY_NOW });

describe('the offer expiry policy', () => {
  it('lets every offer of a spot or a place run out by itself: a delayed job at its expiresAt', () => {
    const offer = { gameId: 'game-1', playerId: 'p1', at: '2026-11-21T12:00:00.000Z' };
    expect(
      policy.react(stored('SpotOffered', { ...offer, team: 2, expiresAt: '2026-11-21T14:00:00.000Z' }), () => []),
    ).toEqual([
      {
        jobName: 'expire-spot-offer',
        data: { kind: 'expire-spot-offer', gameId: 'game-1', playerId: 'p1', offeredAt: offer.at },
        delayMs: 2 * 3_600_000,
      },
    ]);
    expect(
      policy.react(stored('WaitlistOffered', { ...offer, expiresAt: '2026-11-21T12:10:00.000Z' }), () => []),
    ).toEqual([
      {
        jobName: 'expire-waitlist-offer',
        data: { kind: 'expire-waitlist-offer', gameId: 'game-1', playerId: 'p1', offeredAt: offer.at },
        delayMs: 10 * 60_000,
      },
    ]);
  });
});

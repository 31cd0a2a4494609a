import { describe, expect, it } from 'vitest';
import { testSlotBooked } from '../../testing/bookings';
import { gameLoopEvents, POLICY_NOW } from '../../testing/game-loop-events';
import { expireHoldPolicy } from './policy';

const { stored, held, released, booked } = gameLoopEvents();
const policy = expireHoldPolicy({ now: POLICY_NOW });

describe('the hold expiry policy', () => {
  it('gives a hold its expiry: a delayed job at its expiresAt', () => {
    const hold = held('hold-1');
    expect(policy.react(hold, () => [])).toEqual([
      {
        jobName: 'expire-hold',
        data: {
          kind: 'expire-hold',
          subField: { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' },
          holdId: 'hold-1',
        },
        delayMs: 10 * 60_000,
      },
    ]);
  });

  it('asks no expiry for a hold booked or released later in the same batch, and nothing for the release itself', () => {
    const hold = held('hold-2');
    expect(
      policy.react(hold, () => [
        booked('game-4'),
        stored('SlotBooked', testSlotBooked({ holdId: 'hold-2', gameId: 'game-5' })),
      ]),
    ).toEqual([]);
    expect(policy.react(hold, () => [released('hold-2')])).toEqual([]);
    expect(policy.react(released('hold-2'), () => [])).toEqual([]);
    // Another hold's end does not end this one.
    expect(policy.react(hold, () => [released('hold-3'), booked('game-6')])).toHaveLength(1);
  });
});

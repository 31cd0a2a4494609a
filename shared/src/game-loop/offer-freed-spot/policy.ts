import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, type JobPolicy, type PolicyClock } from '../policy';
import type { ExpireOfferJob } from './handler';

/** Every offer of a freed spot or a waitlist place runs out by itself: a delayed job at its expiresAt. */
export const offerExpiryPolicy = (clock: PolicyClock): JobPolicy<ExpireOfferJob> => ({
  handles: ['SpotOffered', 'WaitlistOffered'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (event.type !== 'SpotOffered' && event.type !== 'WaitlistOffered') return [];
    // Answered offers make the job decide nothing: it is kept, so a replay without `following` is right too.
    const { gameId, playerId, at: offeredAt, expiresAt } = event.data;
    const kind = event.type === 'SpotOffered' ? 'expire-spot-offer' : 'expire-waitlist-offer';
    return [{ jobName: kind, data: { kind, gameId, playerId, offeredAt }, delayMs: delayUntil(clock, expiresAt) }];
  },
});

import type { GameDetails } from '../domain/games/events';
import type { StoredEvent } from '../infra/eventstore/port';
import { ofPitchA, testSlotBooked, testSlotHeld } from './bookings';
import { testGameDetails } from './games';
import { storedEvent } from './reactors';

/** The game loop's events as its policies receive them from the log, each at the next position. */
export function gameLoopEvents() {
  let position = 0;
  const stored = (type: string, data: unknown): StoredEvent => storedEvent(type, data, (position += 1));
  return {
    stored,
    held: (holdId: string) => stored('SlotHeld', testSlotHeld({ holdId })),
    released: (holdId: string) => stored('HoldReleased', { ...ofPitchA, holdId, reason: 'released' }),
    booked: (gameId: string) => stored('SlotBooked', testSlotBooked({ holdId: `hold-of-${gameId}`, gameId })),
    scheduled: (gameId: string, details: Partial<GameDetails> = {}) =>
      stored('GameScheduled', { ...testGameDetails({ gameId, ...details }), rentalPaymentId: null, rentalCents: 0 }),
  };
}

/** The moment the policies' tests run at: noon on 21 November 2026. */
export const POLICY_NOW = () => new Date('2026-11-21T12:00:00Z');

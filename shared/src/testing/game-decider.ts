/**
 * The game decider tests' events and commands: the test game scheduled, a player joining and moving,
 * and a context at a given instant, written once for every command's and policy's tests.
 */
import { testContext } from './decider-testing';
import { testGameDetails } from './games';
import type { GameCommand } from '../domain/games/decider';
import type { GameDetails, GameEvent } from '../domain/games/events';

export const scheduled = (overrides: Partial<GameDetails> = {}): GameEvent => ({
  type: 'GameScheduled',
  data: { ...testGameDetails(overrides), rentalPaymentId: 'pay-rental', rentalCents: 4000 },
});
export const at = (iso: string, actorId: string) => testContext({ now: new Date(iso), actorId });
export const before = (actorId: string) => at('2026-11-22T12:00:00.000Z', actorId);
export const joined = (
  playerId: string,
  time = '2026-11-22T12:00:00.000Z',
  paymentId: string | null = null,
  guests = 0,
): GameEvent => ({
  type: 'PlayerJoined',
  data: { gameId: 'g1', playerId, username: playerId, paymentId, at: time, guests, guestNames: [] },
});
export const moved = (
  playerId: string,
  to: 0 | 1 | 2,
  time = '2026-11-22T12:00:00.000Z',
  from: 0 | 1 | 2 = 0,
  playedSeconds = 0,
): GameEvent => ({
  type: 'PlayerMoved',
  data: { gameId: 'g1', playerId, from, to, movedBy: playerId, at: time, playedSeconds },
});
export const join = (
  playerId: string,
  payment: Extract<GameCommand, { type: 'JoinGame' }>['payment'] = null,
  team: 0 | 1 | 2 = 0,
): GameCommand => ({
  type: 'JoinGame',
  playerId,
  username: playerId,
  team,
  payment,
});
export const move = (playerId: string, to: 0 | 1 | 2): GameCommand => ({
  type: 'MovePlayer',
  playerId,
  to,
  actorIsAdmin: false,
});

/** 14 on the pitch (`p0`…`p13`, even on Team 1, odd on Team 2), then `s1` and `s2` on the sideline: 16 of 14 + 2. */
export const fullGame = (overrides: Partial<GameDetails> = {}): GameEvent[] => [
  scheduled({ sidelineSize: 2, ...overrides }),
  ...Array.from({ length: 14 }, (_, index) => `p${index}`).flatMap((id, index) => [
    joined(id),
    moved(id, index % 2 === 0 ? 1 : 2),
  ]),
  joined('s1'),
  joined('s2'),
];

/** The test game cancelled by its captain at `time`, nothing refunded. */
export const cancelled = (time = '2026-11-22T11:00:00.000Z'): GameEvent => ({
  type: 'GameCancelled',
  data: {
    gameId: 'g1',
    cancelledBy: 'captain',
    at: time,
    subFieldId: 'sf-a',
    fieldId: 'f1',
    ownerId: 'owner',
    subFieldName: 'Pitch A',
    rentalRefunded: false,
    rentalPaymentId: null,
    rentalRefundCents: null,
    entryRefunds: [],
  },
});

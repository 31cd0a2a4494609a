import type { GameDetails } from '../domain/games/events';
import { DEFAULT_DECISION_HOURS, DEFAULT_SIDELINE_SIZE } from '../domain/games/rules';
import { DEFAULT_GUESTS_PER_PLAYER } from '../domain/games/policies/guests';

/** A game the decider and read model tests build on: the captain's, at Riverside, 18:00–20:00 UTC on 22 November. */
export function testGameDetails(overrides: Partial<GameDetails> = {}): GameDetails {
  return {
    gameId: 'g1',
    name: "captain's Game",
    organizerId: 'captain',
    organizerUsername: 'captain',
    fieldId: 'f1',
    fieldName: 'Riverside',
    ownerId: 'owner',
    subFieldId: 'sf-a',
    subFieldName: 'Pitch A',
    location: '1 River Rd, New York, 10001',
    latitude: 40.75,
    longitude: -73.99,
    startDate: '2026-11-22T18:00:00.000Z',
    endDate: '2026-11-22T20:00:00.000Z',
    maxPlayers: 14,
    priceCents: 0,
    picture: '',
    cancellationWindowHours: 24,
    sidelineSize: DEFAULT_SIDELINE_SIZE,
    minPlayers: null,
    decisionHours: DEFAULT_DECISION_HOURS,
    series: null,
    guestsPerPlayer: DEFAULT_GUESTS_PER_PLAYER,
    ...overrides,
  };
}

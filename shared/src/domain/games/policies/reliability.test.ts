import { describe, it } from 'vitest';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, joined } from '../../../testing/game-decider';
import { gameDecider, type GameCommand } from '../decider';
import type { GameEvent } from '../events';
import { belowReliabilityText, noShowBanText } from '../attendance-rules';
import type { AttendanceRecord } from '../../users/reliability';

// The test game starts at 18:00 UTC on 22 November; the join is asked on the 21st at noon.
const NOW = '2026-11-21T12:00:00.000Z';
const record = (index: number, status: AttendanceRecord['status'], startDate: string): AttendanceRecord => ({
  gameId: `past-${index}`,
  status,
  startDate,
});
const join = (attendance: AttendanceRecord[], timeZone?: string): GameCommand => ({
  type: 'JoinGame',
  playerId: 'p1',
  username: 'p1',
  team: 0,
  payment: null,
  joiner: { attendance },
  ...(timeZone ? { timeZone } : {}),
});
const minimum = (percent: number): GameEvent => ({
  type: 'MinReliabilitySet',
  data: { gameId: 'g1', minReliability: percent, setBy: 'captain', at: NOW },
});

describe('joining by reliability', () => {
  const twoNoShows = [
    record(1, 'no_show', '2026-11-10T18:00:00.000Z'),
    record(2, 'no_show', '2026-11-18T23:30:00.000Z'),
  ];

  it('refuses a player with 2 no-shows in 30 days a game that starts within 7 days of the latest, saying from when', () => {
    given(gameDecider, [scheduled()])
      .when(join(twoNoShows), at(NOW, 'p1'))
      .thenRefused('no_show_ban', noShowBanText(2, 'Nov 25'));
    // The day in the reader's zone: 23:30 UTC on the 25th is the 26th in Tokyo.
    given(gameDecider, [scheduled()])
      .when(join(twoNoShows, 'Asia/Tokyo'), at(NOW, 'p1'))
      .thenRefused('no_show_ban', noShowBanText(2, 'Nov 26'));
    // A game after the ban, or one no-show only: welcome.
    given(gameDecider, [scheduled({ startDate: '2026-11-26T18:00:00.000Z', endDate: '2026-11-26T20:00:00.000Z' })])
      .when(join(twoNoShows), at(NOW, 'p1'))
      .then([
        {
          type: 'PlayerJoined',
          data: { gameId: 'g1', playerId: 'p1', username: 'p1', paymentId: null, at: NOW, guests: 0, guestNames: [] },
        },
      ]);
    given(gameDecider, [scheduled()])
      .when(join(twoNoShows.slice(1)), at(NOW, 'p1'))
      .then([joined('p1', NOW)]);
  });

  it('keeps a game for reliable players to those at its minimum, and welcomes new players', () => {
    const sixtySeven = [
      record(1, 'present', '2026-11-01T18:00:00.000Z'),
      record(2, 'present', '2026-11-02T18:00:00.000Z'),
      record(3, 'no_show', '2026-10-03T18:00:00.000Z'),
    ];
    given(gameDecider, [scheduled(), minimum(80)])
      .when(join(sixtySeven), at(NOW, 'p1'))
      .thenRefused('below_reliability', belowReliabilityText(80, 67));
    given(gameDecider, [scheduled(), minimum(60)])
      .when(join(sixtySeven), at(NOW, 'p1'))
      .then([joined('p1', NOW)]);
    given(gameDecider, [scheduled(), minimum(100)])
      .when(join(sixtySeven.slice(2)), at(NOW, 'p1'))
      .then([joined('p1', NOW)]);
  });

  it('lets the organizer set and lift the minimum, and nobody else', () => {
    const set = (minReliability: number | null): GameCommand => ({
      type: 'SetMinReliability',
      minReliability,
      actorIsAdmin: false,
    });
    given(gameDecider, [scheduled()])
      .when(set(80), at(NOW, 'captain'))
      .then([minimum(80)]);
    given(gameDecider, [scheduled(), minimum(80)])
      .when(set(80), at(NOW, 'captain'))
      .then([]);
    given(gameDecider, [scheduled()]).when(set(80), at(NOW, 'p1')).thenRefused('not_organizer');
  });
});

import { describe, expect, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { userDecider } from './decider';
import { DEFAULT_NO_SHOW_BAN, rosterReliabilityOf, standingOf, type AttendanceRecord } from './reliability';
import type { UserEvent } from './events';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const game = (index: number, status: AttendanceRecord['status'], daysAgo: number): AttendanceRecord => ({
  gameId: `g${index}`,
  status,
  startDate: new Date(NOW - daysAgo * DAY).toISOString(),
});

describe('reliability', () => {
  it('is 100% for a new player, shown on rosters from 3 marked games', () => {
    expect(standingOf([], NOW, DEFAULT_NO_SHOW_BAN)).toEqual({
      percent: 100,
      games: 0,
      noShows: 0,
      noShowGameIds: [],
      bannedUntil: null,
    });
    const two = standingOf([game(1, 'late', 50), game(2, 'present', 40)], NOW, DEFAULT_NO_SHOW_BAN);
    expect(two).toMatchObject({ percent: 75, games: 2 });
    expect(rosterReliabilityOf(two)).toBeNull();
    expect(rosterReliabilityOf({ percent: 67, games: 3 })).toEqual({ percent: 67, games: 3 });
  });

  it('weighs present 1, late ½ and no-show 0 over the last 20 marked games, as a whole percent', () => {
    const older = Array.from({ length: 10 }, (_, index) => game(index, 'no_show', 200 + index));
    const latest = [
      ...Array.from({ length: 17 }, (_, index) => game(100 + index, 'present', 60 + index)),
      game(200, 'late', 50),
      game(201, 'late', 49),
      game(202, 'no_show', 48),
    ];
    // 17 + ½ + ½ + 0 of the latest 20; the ten older no-shows do not count, but every game is told.
    expect(standingOf([...older, ...latest], NOW, DEFAULT_NO_SHOW_BAN)).toMatchObject({ percent: 90, games: 30 });
    expect(
      standingOf([game(1, 'present', 3), game(2, 'present', 2), game(3, 'no_show', 1)], NOW, DEFAULT_NO_SHOW_BAN)
        .percent,
    ).toBe(67);
  });

  it('bans after 2 no-shows within 30 days until 7 days after the latest one’s game', () => {
    const banned = standingOf(
      [game(1, 'no_show', 20), game(2, 'no_show', 3), game(3, 'present', 1)],
      NOW,
      DEFAULT_NO_SHOW_BAN,
    );
    expect(banned).toMatchObject({
      noShows: 2,
      noShowGameIds: ['g2', 'g1'],
      bannedUntil: new Date(NOW + 4 * DAY).toISOString(),
    });
    expect(standingOf([game(1, 'no_show', 31), game(2, 'no_show', 3)], NOW, DEFAULT_NO_SHOW_BAN)).toMatchObject({
      noShows: 1,
      bannedUntil: null,
    });
    expect(standingOf([game(1, 'no_show', 3)], NOW, { count: 1, windowDays: 30, days: 10 }).bannedUntil).toBe(
      new Date(NOW + 7 * DAY).toISOString(),
    );
  });
});

describe("the player's stream records attendance", () => {
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId: 'p1',
      issuer: 'iss',
      subject: 'sub',
      email: 'p1@x.test',
      emailVerified: true,
      username: 'p1',
      nickname: 'p1',
      profilePicture: '',
      role: 'player',
    },
  };
  const recorded = (status: AttendanceRecord['status']): UserEvent => ({
    type: 'AttendanceRecorded',
    data: { userId: 'p1', gameId: 'g1', status, startDate: '2026-11-22T18:00:00.000Z' },
  });
  const record = (status: AttendanceRecord['status'] | null) => ({
    type: 'RecordAttendance' as const,
    gameId: 'g1',
    startDate: '2026-11-22T18:00:00.000Z',
    status,
  });

  it('records a change only, and a clearing of what it holds', () => {
    given(userDecider, [registered])
      .when(record('no_show'), testContext())
      .then([recorded('no_show')]);
    given(userDecider, [registered, recorded('no_show')])
      .when(record('no_show'), testContext())
      .then([]);
    given(userDecider, [registered, recorded('no_show')])
      .when(record('late'), testContext())
      .then([recorded('late')]);
    given(userDecider, [registered, recorded('late')])
      .when(record(null), testContext())
      .then([{ type: 'AttendanceRecordCleared', data: { userId: 'p1', gameId: 'g1' } }]);
    given(userDecider, [registered]).when(record(null), testContext()).then([]);
    given(userDecider, []).when(record('present'), testContext()).then([]);
  });
});

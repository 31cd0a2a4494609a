import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given, testContext } from '../../../testing/decider-testing';
import { testGameDetails } from '../../../testing/games';
import { gameDecider, type GameCommand } from '../decider';
import { SERIES_WEEK_NOT_OPEN } from '../messages';
import { teamPlayersOf } from '../queries';
import type { GameEvent } from '../events';

// Week 2 of a series: 18:00–20:00 UTC on 22 November; week 1 ended at 20:00 on the 15th; regulars first for 24 h.
const series = {
  seriesId: 's1',
  week: 2,
  weeks: 4,
  regularsWindowHours: 24,
  previousEndDate: '2026-11-15T20:00:00.000Z',
};
const week2: GameEvent = {
  type: 'GameScheduled',
  data: { ...testGameDetails({ series }), rentalPaymentId: 'pay-series', rentalCents: 4000 },
};
const at = (iso: string, actorId: string | null) => testContext({ now: new Date(iso), actorId });
const join = (playerId: string): GameCommand => ({
  type: 'JoinGame',
  playerId,
  username: playerId,
  team: 0,
  payment: null,
});
const named: GameEvent = {
  type: 'RegularsNamed',
  data: {
    gameId: 'g1',
    fromGameId: 'g0',
    regulars: [
      { playerId: 'ana', username: 'ana' },
      { playerId: 'ben', username: 'ben' },
    ],
    at: '2026-11-15T20:00:00.000Z',
  },
};
const joined = (playerId: string, time: string): GameEvent => ({
  type: 'PlayerJoined',
  data: { gameId: 'g1', playerId, username: playerId, paymentId: null, at: time, guests: 0, guestNames: [] },
});

describe("a series week's regulars (issue #30)", () => {
  it("tells a newcomer kept out by the regulars until when, in the reader's zone, and lets them wait on the waitlist (issue #41)", () => {
    given(gameDecider, [week2, named])
      .when(
        { type: 'JoinGame', playerId: 'zoe', username: 'zoe', team: 0, payment: null, timeZone: 'America/New_York' },
        at('2026-11-16T12:00:00.000Z', 'zoe'),
      )
      .thenRefused('regulars_first', /^Regulars pick first until Monday 3 pm; you can join then or join the waitlist$/);
    const waiting: GameEvent = {
      type: 'WaitlistJoined',
      data: { gameId: 'g1', playerId: 'zoe', username: 'zoe', at: '2026-11-16T12:00:00.000Z' },
    };
    given(gameDecider, [week2, named])
      .when({ type: 'JoinWaitlist', playerId: 'zoe', username: 'zoe' }, at('2026-11-16T12:00:00.000Z', 'zoe'))
      .then([waiting]);
    // A regular joining meanwhile offers the waiting newcomer nothing they could not take yet.
    given(gameDecider, [week2, named, waiting])
      .when(join('ana'), at('2026-11-16T13:00:00.000Z', 'ana'))
      .then([joined('ana', '2026-11-16T13:00:00.000Z')]);
    // Once the game is open to everyone, the newcomer on the waitlist joins.
    given(gameDecider, [week2, named, waiting])
      .when(join('zoe'), at('2026-11-16T20:00:00.000Z', 'zoe'))
      .then([joined('zoe', '2026-11-16T20:00:00.000Z')]);
  });

  it('takes nobody before last week has ended, then only its regulars for the window, then everyone', () => {
    given(gameDecider, [week2, named])
      .when(join('ana'), at('2026-11-15T19:59:00.000Z', 'ana'))
      .thenRefused('series_week_not_open', SERIES_WEEK_NOT_OPEN);
    given(gameDecider, [week2, named])
      .when(join('ana'), at('2026-11-15T20:00:00.000Z', 'ana'))
      .then([joined('ana', '2026-11-15T20:00:00.000Z')]);
    given(gameDecider, [week2, named])
      .when(join('zoe'), at('2026-11-16T19:59:00.000Z', 'zoe'))
      .thenRefused('regulars_first', 'Regulars pick first until Monday 8 pm; you can join then or join the waitlist');
    given(gameDecider, [week2, named])
      .when(join('zoe'), at('2026-11-16T20:00:00.000Z', 'zoe'))
      .then([joined('zoe', '2026-11-16T20:00:00.000Z')]);
  });

  it('leaves a single game and the first week of a series open to everyone', () => {
    const single: GameEvent = { ...week2, data: { ...week2.data, series: null } };
    given(gameDecider, [single])
      .when(join('zoe'), at('2026-11-15T10:00:00.000Z', 'zoe'))
      .then([joined('zoe', '2026-11-15T10:00:00.000Z')]);
    const first: GameEvent = {
      ...week2,
      data: { ...week2.data, series: { ...series, week: 1, previousEndDate: null } },
    };
    given(gameDecider, [first])
      .when(join('zoe'), at('2026-11-15T10:00:00.000Z', 'zoe'))
      .then([joined('zoe', '2026-11-15T10:00:00.000Z')]);
  });

  it('names the regulars from the team players of last week as it ended, again only when they differ, keeping those the organizer added', () => {
    const lastWeek = fold(gameDecider, [
      { ...week2, data: { ...week2.data, gameId: 'g0', series: { ...series, week: 1, previousEndDate: null } } },
      joined('ana', '2026-11-22T18:00:00.000Z'),
      joined('ben', '2026-11-22T18:00:00.000Z'),
      joined('sid', '2026-11-22T18:00:00.000Z'),
      {
        type: 'PlayerMoved',
        data: {
          gameId: 'g0',
          playerId: 'ana',
          from: 0,
          to: 1,
          movedBy: 'ana',
          at: '2026-11-22T18:00:00.000Z',
          playedSeconds: 0,
        },
      },
      {
        type: 'PlayerMoved',
        data: {
          gameId: 'g0',
          playerId: 'ben',
          from: 0,
          to: 2,
          movedBy: 'ben',
          at: '2026-11-22T18:00:00.000Z',
          playedSeconds: 0,
        },
      },
    ]);
    if (lastWeek.status === 'none') throw new Error('no game');
    // On the sideline at the end: sid is no regular.
    expect(teamPlayersOf(lastWeek)).toEqual([
      { playerId: 'ana', username: 'ana' },
      { playerId: 'ben', username: 'ben' },
    ]);
    // Issue #44: a team player the organizer marked a no-show did not play: no regular either.
    const benNoShow = gameDecider.evolve(lastWeek, {
      type: 'AttendanceMarked',
      data: {
        gameId: 'g0',
        playerId: 'ben',
        status: 'no_show',
        markedBy: 'captain',
        gameName: 'Week 1',
        startDate: '2026-11-22T18:00:00.000Z',
        at: '2026-11-22T18:10:00.000Z',
      },
    });
    if (benNoShow.status === 'none') throw new Error('no game');
    expect(teamPlayersOf(benNoShow)).toEqual([{ playerId: 'ana', username: 'ana' }]);
    const name: GameCommand = { type: 'NameRegulars', fromGameId: 'g0', regulars: teamPlayersOf(lastWeek) };
    given(gameDecider, [week2]).when(name, at('2026-11-15T20:00:00.000Z', null)).then([named]);
    given(gameDecider, [week2, named]).when(name, at('2026-11-15T20:05:00.000Z', null)).then([]);
    // A run that saw the roster before it was complete is corrected by the next.
    const early: GameEvent = { ...named, data: { ...named.data, regulars: [] } };
    given(gameDecider, [week2, early])
      .when(name, at('2026-11-15T20:05:00.000Z', null))
      .then([{ ...named, data: { ...named.data, at: '2026-11-15T20:05:00.000Z' } }]);
    given(gameDecider, []).when(name, at('2026-11-15T20:05:00.000Z', null)).thenRefused('game_not_found');
    const added: GameEvent = {
      type: 'RegularAdded',
      data: { gameId: 'g1', playerId: 'cat', username: 'cat', addedBy: 'captain', at: '2026-11-15T12:00:00.000Z' },
    };
    const state = fold(gameDecider, [week2, added, named]);
    expect(state.status !== 'none' && state.regulars.map((one) => one.playerId)).toEqual(['cat', 'ana', 'ben']);
    const renamed: GameEvent = { ...named, data: { ...named.data, regulars: [{ playerId: 'ben', username: 'ben' }] } };
    const after = fold(gameDecider, [week2, added, named, renamed]);
    expect(after.status !== 'none' && after.regulars.map((one) => one.playerId)).toEqual(['cat', 'ben']);
  });

  it('lets only the organizer add and remove regulars of a series week', () => {
    const add: GameCommand = { type: 'AddRegular', playerId: 'cat', username: 'cat', actorIsAdmin: false };
    const remove: GameCommand = { type: 'RemoveRegular', playerId: 'ana', actorIsAdmin: false };
    const now = '2026-11-15T12:00:00.000Z';
    given(gameDecider, [week2, named])
      .when(add, at(now, 'captain'))
      .then([
        { type: 'RegularAdded', data: { gameId: 'g1', playerId: 'cat', username: 'cat', addedBy: 'captain', at: now } },
      ]);
    given(gameDecider, [week2, named]).when(add, at(now, 'ana')).thenRefused('not_organizer');
    given(gameDecider, [week2, named])
      .when(remove, at(now, 'captain'))
      .then([{ type: 'RegularRemoved', data: { gameId: 'g1', playerId: 'ana', removedBy: 'captain', at: now } }]);
    given(gameDecider, [week2]).when(remove, at(now, 'captain')).then([]);
    const single: GameEvent = { ...week2, data: { ...week2.data, series: null } };
    given(gameDecider, [single]).when(add, at(now, 'captain')).thenRefused('no_regulars');
    // Removed, ana waits for the window's end like everyone else.
    const removed: GameEvent = {
      type: 'RegularRemoved',
      data: { gameId: 'g1', playerId: 'ana', removedBy: 'captain', at: now },
    };
    given(gameDecider, [week2, named, removed])
      .when(join('ana'), at('2026-11-16T10:00:00.000Z', 'ana'))
      .thenRefused('regulars_first');
  });
});

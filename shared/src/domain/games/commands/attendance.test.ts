import { describe, expect, it } from 'vitest';
import { given } from '../../../testing/decider-testing';
import { scheduled, at, joined } from '../../../testing/game-decider';
import { gameDecider, type GameCommand, type GameState } from '../decider';
import type { GameEvent } from '../events';
import {
  ATTENDANCE_CLOSED,
  ATTENDANCE_NOT_OPEN,
  CHECK_IN_CLOSED,
  CHECK_IN_CODE_EXPIRED,
  CHECK_IN_CODE_OTHER_GAME,
  CHECK_IN_CODE_WRONG,
  CHECK_IN_NOT_A_MEMBER,
  CHECK_IN_NOT_OPEN,
  checkInQrText,
  checkInWindowAt,
  NO_ATTENDANCE_MARK,
  ONLY_ORGANIZER_MARKS,
  readCheckInCode,
} from '../attendance-rules';

// The test game is 18:00–20:00 UTC on 22 November; check-in opens at 17:30.
// The decider takes the game's signer with the command; any function of the window will do here (the
// real one is HMAC-based, game-loop/check-in/check-in-codes.ts, and tested there).
const codeOf = (window: number) => String((window * 7919) % 1_000_000).padStart(6, '0');
const NOW = '2026-11-22T17:45:10.000Z';
const nowWindow = checkInWindowAt(Date.parse(NOW));
const checkIn = (code: string): GameCommand => ({ type: 'CheckIn', code, codeOf });
const mark = (playerId: string, status: 'present' | 'late' | 'no_show', actorIsAdmin = false): GameCommand => ({
  type: 'MarkAttendance',
  playerId,
  status,
  actorIsAdmin,
});
const checkedIn = (playerId: string, window = nowWindow, time = NOW): GameEvent => ({
  type: 'PlayerCheckedIn',
  data: { gameId: 'g1', playerId, window, at: time },
});
const marked = (playerId: string, status: 'present' | 'late' | 'no_show', time = NOW): GameEvent => ({
  type: 'AttendanceMarked',
  data: {
    gameId: 'g1',
    playerId,
    status,
    markedBy: 'captain',
    gameName: "captain's Game",
    startDate: '2026-11-22T18:00:00.000Z',
    at: time,
  },
});
const roster = [scheduled(), joined('p1'), joined('p2')];

describe('reading a code', () => {
  it('takes typed digits or a scanned link naming the game and the window', () => {
    expect(readCheckInCode(' 123 456 ')).toEqual({ digits: '123456', gameId: null, window: null });
    expect(readCheckInCode(checkInQrText('https://playtime.test', 'g 1', '654321', 42))).toEqual({
      digits: '654321',
      gameId: 'g 1',
      window: 42,
    });
    expect(readCheckInCode('12345')).toBeNull();
    expect(readCheckInCode('https://playtime.test/profile?checkIn=123456')).toBeNull();
  });
});

describe('checking in', () => {
  it("takes the current window's code and the one before, once per player", () => {
    given(gameDecider, roster)
      .when(checkIn(codeOf(nowWindow)), at(NOW, 'p1'))
      .then([checkedIn('p1')]);
    given(gameDecider, roster)
      .when(checkIn(codeOf(nowWindow - 1)), at(NOW, 'p1'))
      .then([checkedIn('p1', nowWindow - 1)]);
    given(gameDecider, roster)
      .when(checkIn(checkInQrText('https://x.test', 'g1', codeOf(nowWindow), nowWindow)), at(NOW, 'p2'))
      .then([checkedIn('p2')]);
    given(gameDecider, [...roster, checkedIn('p1')])
      .when(checkIn(codeOf(nowWindow)), at(NOW, 'p1'))
      .then([]);
  });

  it('tells an expired code, another game’s code and a wrong code apart', () => {
    given(gameDecider, roster)
      .when(checkIn(codeOf(nowWindow - 2)), at(NOW, 'p1'))
      .thenRefused('check_in_code_expired', CHECK_IN_CODE_EXPIRED);
    given(gameDecider, roster)
      .when(checkIn(checkInQrText('https://x.test', 'g1', codeOf(nowWindow - 500), nowWindow - 500)), at(NOW, 'p1'))
      .thenRefused('check_in_code_expired', CHECK_IN_CODE_EXPIRED);
    given(gameDecider, roster)
      .when(checkIn(checkInQrText('https://x.test', 'g2', codeOf(nowWindow), nowWindow)), at(NOW, 'p1'))
      .thenRefused('check_in_code_other_game', CHECK_IN_CODE_OTHER_GAME);
    const wrong = String((Number(codeOf(nowWindow)) + 1) % 1_000_000).padStart(6, '0');
    const stillWrong = [wrong, codeOf(nowWindow + 1)].filter(
      (code) => ![...Array(22).keys()].some((back) => codeOf(nowWindow - back) === code),
    );
    for (const code of stillWrong)
      given(gameDecider, roster)
        .when(checkIn(code), at(NOW, 'p1'))
        .thenRefused('check_in_code_wrong', CHECK_IN_CODE_WRONG);
    given(gameDecider, roster).when(checkIn('not a code'), at(NOW, 'p1')).thenRefused('check_in_code_wrong');
  });

  it('is for members only, from 30 minutes before the start until the end', () => {
    given(gameDecider, roster)
      .when(checkIn(codeOf(nowWindow)), at(NOW, 'stranger'))
      .thenRefused('not_a_player', CHECK_IN_NOT_A_MEMBER);
    const early = '2026-11-22T17:29:59.000Z';
    given(gameDecider, roster)
      .when(checkIn(codeOf(checkInWindowAt(Date.parse(early)))), at(early, 'p1'))
      .thenRefused('check_in_not_open', CHECK_IN_NOT_OPEN);
    const ended = '2026-11-22T20:00:00.000Z';
    given(gameDecider, roster)
      .when(checkIn(codeOf(checkInWindowAt(Date.parse(ended)))), at(ended, 'p1'))
      .thenRefused('check_in_closed', CHECK_IN_CLOSED);
    const opening = '2026-11-22T17:30:00.000Z';
    given(gameDecider, roster)
      .when(checkIn(codeOf(checkInWindowAt(Date.parse(opening)))), at(opening, 'p1'))
      .then([checkedIn('p1', checkInWindowAt(Date.parse(opening)), opening)]);
  });
});

describe('marking attendance', () => {
  it('lets the organizer or an admin mark a member, and nobody else', () => {
    given(gameDecider, roster)
      .when(mark('p1', 'no_show'), at(NOW, 'captain'))
      .then([marked('p1', 'no_show')]);
    given(gameDecider, roster)
      .when(mark('p1', 'late', true), at(NOW, 'admin'))
      .then([
        { ...marked('p1', 'late'), data: { ...(marked('p1', 'late').data as object), markedBy: 'admin' } } as GameEvent,
      ]);
    given(gameDecider, roster)
      .when(mark('p1', 'no_show'), at(NOW, 'p2'))
      .thenRefused('not_organizer', ONLY_ORGANIZER_MARKS);
    given(gameDecider, roster).when(mark('stranger', 'late'), at(NOW, 'captain')).thenRefused('not_a_player');
  });

  it('counts a check-in as present: marking it present again changes nothing, late replaces it', () => {
    given(gameDecider, [...roster, checkedIn('p1')])
      .when(mark('p1', 'present'), at(NOW, 'captain'))
      .then([]);
    given(gameDecider, [...roster, checkedIn('p1')])
      .when(mark('p1', 'late'), at(NOW, 'captain'))
      .then([marked('p1', 'late')]);
  });

  it('is open from 30 minutes before the start until 24 hours after the end, and a mark may change within it', () => {
    given(gameDecider, roster)
      .when(mark('p1', 'late'), at('2026-11-22T17:29:00.000Z', 'captain'))
      .thenRefused('attendance_not_open', ATTENDANCE_NOT_OPEN);
    const dayAfter = '2026-11-23T19:59:00.000Z';
    given(gameDecider, [...roster, marked('p1', 'no_show')])
      .when(mark('p1', 'present'), at(dayAfter, 'captain'))
      .then([marked('p1', 'present', dayAfter)]);
    given(gameDecider, [...roster, marked('p1', 'no_show')])
      .when(mark('p1', 'present'), at('2026-11-23T20:00:00.000Z', 'captain'))
      .thenRefused('attendance_closed', ATTENDANCE_CLOSED);
  });
});

describe('clearing a mark', () => {
  const clear = (playerId: string, actorIsAdmin = true): GameCommand => ({
    type: 'ClearAttendanceMark',
    playerId,
    reason: 'Storm closed the road',
    actorIsAdmin,
  });

  it('is an admin’s, with a reason, of a mark that counts; afterwards the player counts as unmarked', () => {
    const later = '2026-12-10T10:00:00.000Z';
    given(gameDecider, [...roster, marked('p1', 'no_show')])
      .when(clear('p1'), at(later, 'admin'))
      .then([
        {
          type: 'AttendanceMarkCleared',
          data: { gameId: 'g1', playerId: 'p1', clearedBy: 'admin', reason: 'Storm closed the road', at: later },
        },
      ]);
    given(gameDecider, [...roster, marked('p1', 'no_show')])
      .when(clear('p1', false), at(later, 'captain'))
      .thenRefused('not_admin');
    given(gameDecider, roster)
      .when(clear('p1'), at(later, 'admin'))
      .thenRefused('no_attendance_mark', NO_ATTENDANCE_MARK);
    given<GameCommand, GameEvent, GameState>(gameDecider, [
      ...roster,
      checkedIn('p1'),
      {
        type: 'AttendanceMarkCleared',
        data: { gameId: 'g1', playerId: 'p1', clearedBy: 'admin', reason: 'x', at: later },
      },
    ])
      .when(clear('p1'), at(later, 'admin'))
      .thenRefused('no_attendance_mark');
  });
});

/**
 * Issue #44 over real HTTP, a real database and the event log: check-in with the organizer's code
 * (twenty players at once with one code, a replayed code, another game's code, a stranger), and the
 * organizer's attendance marks (by someone else, an unknown status, a change within and after the 24
 * hours). Games that start in minutes, or ended days ago, are scheduled on their streams through the
 * command handler at chosen instants (a booking cannot be made for the past); the rest goes over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_CLOSED,
  CHECK_IN_CODE_EXPIRED,
  CHECK_IN_CODE_OTHER_GAME,
  CHECK_IN_NOT_A_MEMBER,
  ONLY_ORGANIZER_MARKS,
  ONLY_ORGANIZER_SEES_CODE,
  attendanceMarkedText,
  noShowBanText,
  type CheckInCode,
} from '@playtime/shared/contract/attendance';
import type { AdminUserRow, CurrentUser } from '@playtime/shared/contract/users';
import { REALTIME_EVENTS, type ChangedMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import { NOTIFICATIONS_PATH, type NotificationList } from '@playtime/shared/contract/notifications';
import { waitForMail } from '../support/mail';
import type { GameDetail, Participant } from '@playtime/shared/contract/games';
import type { DecisionContext } from '@playtime/shared/domain/decider';
import { checkInQrText, checkInWindowAt } from '@playtime/shared/domain/games/attendance-rules';
import { gameDecider, type GameCommand } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import { checkInSignerOf } from '@playtime/shared/game-loop/check-in/check-in-codes';
import { handleCommand } from '@playtime/shared/infra/commands/command-handler';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas, parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { testGameDetails } from '@playtime/shared/testing/games';
import { demoPeople, signUpPlayer } from '../support/accounts';
import { accessTokenFor, type ApiAnswer, type ApiClient } from '../support/api-client';
import { JOINED, connectSocket } from '../support/sockets';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { HOUR } from '../support/time';
import { waitFor } from '../support/wait';

const SECRET = 'the check-in secret of this test app, 32+ characters';
const MINUTE = 60_000;
const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;
const metadata = { userId: null, correlationId: 'attendance-test', causationId: null };

describe('check-in and attendance over HTTP', () => {
  let app: TestApp;
  let store: EventStore;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];
  let ids: Awaited<ReturnType<typeof demoPeople>>['ids'];

  const run = (gameId: string, command: GameCommand, context: Partial<DecisionContext> & { now: Date }) =>
    handleCommand({
      store,
      decider: gameDecider,
      streamId: gameStream(gameId),
      command,
      context: { newId: randomUUID, actorId: null, ...context },
      metadata,
    });

  /** The captain's game (free unless priced) from `start` for an hour, scheduled on its stream as a booking would, at `now`. */
  async function scheduleGame(start: number, now = new Date(), priceCents = 0): Promise<string> {
    const gameId = `attendance-${randomUUID()}`;
    const details = testGameDetails({
      gameId,
      priceCents,
      name: `Check-in ${start}`,
      organizerId: ids.captain,
      organizerUsername: 'captain',
      ownerId: ids.owner,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + HOUR).toISOString(),
      minPlayers: null,
      // Twenty players wait on the sideline.
      sidelineSize: null,
    });
    await run(gameId, { type: 'ScheduleGame', details, rentalPaymentId: null, rentalCents: 0 }, { now });
    await waitFor(
      'the game projected',
      async () => (await clients.captain.get(`/api/get-game-data?gameId=${gameId}`)).status === 200,
    );
    return gameId;
  }

  /** A game played from `start`, which the player joined an hour before and the captain marked a no-show after. */
  async function pastGameMarked(start: number, playerId: string, username: string): Promise<string> {
    const gameId = await scheduleGame(start, new Date(start - 2 * HOUR));
    const join: GameCommand = { type: 'JoinGame', playerId, username, team: 0, payment: null };
    await run(gameId, join, { now: new Date(start - HOUR), actorId: playerId });
    const mark: GameCommand = { type: 'MarkAttendance', playerId, status: 'no_show', actorIsAdmin: false };
    await run(gameId, mark, { now: new Date(start + 2 * HOUR), actorId: ids.captain });
    return gameId;
  }

  const gameData = (reader: ApiClient, gameId: string) =>
    reader.read<GameDetail>(`/api/get-game-data?gameId=${gameId}`);
  const everyone = (game: GameDetail): Participant[] => [...game.team_1, ...game.team_2, ...game.sideline];

  beforeAll(async () => {
    app = await startTestApp({ CHECK_IN_SECRET: SECRET });
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    ({ clients, ids } = await demoPeople(app.url));
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('checks in twenty players at once with one code, each once, and every reader sees the ticks and the count', async () => {
    const gameId = await scheduleGame(Date.now() + 10 * MINUTE);
    const players: ApiClient[] = [];
    for (let index = 0; index < 20; index++) {
      const player = await signUpPlayer(app, `check-in-${index}@attendance.test`, `checker${index}`);
      const joined = await player.post('/api/join-game', { gameId, team: 0 });
      expect(joined.status, joined.text).toBe(200);
      players.push(player);
    }
    const shown = await clients.captain.get(`/api/check-in-code?gameId=${gameId}`);
    expect(shown.status, shown.text).toBe(200);
    const { code, qrText, expiresAt } = shown.json as CheckInCode;
    expect(code).toMatch(/^\d{6}$/);
    expect(qrText).toBe(checkInQrText(app.url, gameId, code, checkInWindowAt(Date.parse(expiresAt) - 1)));

    // Each player twice at once, half typing the digits and half scanning the link: forty requests.
    const answers = await Promise.all(
      players.flatMap((player, index) => [
        player.post('/api/check-in', { gameId, code: index % 2 === 0 ? code : qrText }),
        player.post('/api/check-in', { gameId, code }),
      ]),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);

    const checkIns = (await store.readStream(gameStream(gameId)))
      .map(parseEvent)
      .filter((event) => event.type === 'PlayerCheckedIn');
    expect(checkIns).toHaveLength(20);
    expect(new Set(checkIns.map((event) => (event.data as { playerId: string }).playerId)).size).toBe(20);

    for (const player of players) clients.captain.seesWritesOf(player);
    const game = await gameData(clients.captain, gameId);
    expect(game.checkIn.checkedIn).toBe(20);
    expect(everyone(game).every((participant) => participant.checkedIn && participant.attendance === 'present')).toBe(
      true,
    );
    expect(game.checkIn.opensAt).toBe(new Date(Date.parse(game.start_date) - 30 * MINUTE).toISOString());
  }, 180_000);

  it('refuses a replayed code, another game’s code, a stranger, and shows the code to the organizer only', async () => {
    const gameId = await scheduleGame(Date.now() + 5 * MINUTE);
    const otherGameId = await scheduleGame(Date.now() + 5 * MINUTE);
    const joined = await clients.player.post('/api/join-game', { gameId, team: 0 });
    expect(joined.status, joined.text).toBe(200);

    // The code of a minute and a half ago (three windows back), replayed now: expired, typed or scanned.
    const codeOf = checkInSignerOf(SECRET, gameId);
    const old = checkInWindowAt(Date.now()) - 3;
    for (const code of [codeOf(old), checkInQrText(app.url, gameId, codeOf(old), old)]) {
      const replayed = await clients.player.post('/api/check-in', { gameId, code });
      expect(replayed.status, replayed.text).toBe(422);
      expect(errorOf(replayed)).toEqual({ code: 'check_in_code_expired', message: CHECK_IN_CODE_EXPIRED });
    }

    const other = (await clients.captain.read<CheckInCode>(`/api/check-in-code?gameId=${otherGameId}`)).qrText;
    const wrongGame = await clients.player.post('/api/check-in', { gameId, code: other });
    expect(wrongGame.status, wrongGame.text).toBe(422);
    expect(errorOf(wrongGame)).toEqual({ code: 'check_in_code_other_game', message: CHECK_IN_CODE_OTHER_GAME });

    const { code } = await clients.captain.read<CheckInCode>(`/api/check-in-code?gameId=${gameId}`);
    const stranger = await signUpPlayer(app, 'stranger@attendance.test', 'stranger');
    const refused = await stranger.post('/api/check-in', { gameId, code });
    expect(refused.status, refused.text).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'not_a_player', message: CHECK_IN_NOT_A_MEMBER });
    const notShown = await clients.player.get(`/api/check-in-code?gameId=${gameId}`);
    expect(notShown.status, notShown.text).toBe(403);
    expect(errorOf(notShown).message).toBe(ONLY_ORGANIZER_SEES_CODE);
    const empty = await clients.player.post('/api/check-in', { gameId, code: ' ' });
    expect(empty.status, empty.text).toBe(400);

    // The game's open pages hear the check-in live.
    const { socket } = await connectSocket(app, await accessTokenFor(app.url, 'owner@playtime.test'));
    const heard: ChangedMessage[] = [];
    try {
      socket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.push(message));
      const joinedRoom = await new Promise<JoinAnswer>((resolve) =>
        socket.emit(REALTIME_EVENTS.join, rooms.game(gameId), resolve),
      );
      expect(joinedRoom).toEqual(JOINED);
      expect((await clients.player.post('/api/check-in', { gameId, code })).status).toBe(200);
      await waitFor('the check-in pushed to the game’s room', async () =>
        heard.some((message) => message.projection === 'games' && message.room === rooms.game(gameId)),
      );
    } finally {
      socket.close();
    }
    clients.captain.seesWritesOf(clients.player);
    expect((await gameData(clients.captain, gameId)).checkIn.checkedIn).toBe(1);
  }, 120_000);

  it('lets the organizer mark and change a mark within 24 hours of the end, nobody else, and no unknown status', async () => {
    const start = Date.now() + 20 * MINUTE;
    const gameId = await scheduleGame(start);
    expect((await clients.player.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    const participantId = ids.player;

    const byPlayer = await clients.player.post('/api/mark-attendance', { gameId, participantId, status: 'late' });
    expect(byPlayer.status, byPlayer.text).toBe(403);
    expect(errorOf(byPlayer)).toEqual({ code: 'not_organizer', message: ONLY_ORGANIZER_MARKS });
    const unknown = await clients.captain.post('/api/mark-attendance', { gameId, participantId, status: 'absent' });
    expect(unknown.status, unknown.text).toBe(400);
    expect(errorOf(unknown).message).toMatch(/status must be one of: 'present', 'late', 'no_show'/);

    expect(
      (await clients.captain.post('/api/mark-attendance', { gameId, participantId, status: 'no_show' })).status,
    ).toBe(200);
    expect(everyone(await gameData(clients.captain, gameId))[0]!.attendance).toBe('no_show');
    // The player hears of it in Playtime and by mail.
    const heard = attendanceMarkedText('no_show', `Check-in ${start}`);
    await waitFor('the no-show notification', async () =>
      (await clients.player.read<NotificationList>(`${NOTIFICATIONS_PATH}?limit=100`)).items.find(
        (item) => item.kind === 'attendance-marked' && item.text === heard,
      ),
    );
    const mail = await waitForMail(clients.admin, 'player@playtime.test', /marked Late or No-show/);
    expect(mail.parsed.text).toContain(heard);
    expect((await clients.captain.post('/api/mark-attendance', { gameId, participantId, status: 'late' })).status).toBe(
      200,
    );
    expect(everyone(await gameData(clients.captain, gameId))[0]!.attendance).toBe('late');

    // A game that ended 25 hours ago, marked then: the mark stands.
    const pastId = await pastGameMarked(Date.now() - 26 * HOUR, participantId, 'player');
    const tooLate = await clients.captain.post('/api/mark-attendance', {
      gameId: pastId,
      participantId,
      status: 'present',
    });
    expect(tooLate.status, tooLate.text).toBe(409);
    expect(errorOf(tooLate)).toEqual({ code: 'attendance_closed', message: ATTENDANCE_CLOSED });
  }, 120_000);

  it('refuses a player with two no-shows in 30 days games that start within 7 days, and shows reliability', async () => {
    const noShower = await signUpPlayer(app, 'no-shower@attendance.test', 'noshower');
    const noShowerId = (await noShower.read<{ userId: string }>('/api/get-user')).userId;
    // Two games played 3 and 2 days ago; the captain marked the player a no-show at both.
    const starts = [Date.now() - 3 * 24 * HOUR, Date.now() - 2 * 24 * HOUR];
    for (const start of starts) await pastGameMarked(start, noShowerId, 'noshower');
    const reliability = await waitFor('both no-shows on the player’s stream', async () => {
      const user = await noShower.read<CurrentUser>('/api/get-user');
      return user.reliability.games === 2 && user.reliability;
    });
    expect(reliability).toEqual({ percent: 0, games: 2, noShows: 2 });

    // A game in 4 days is within the ban: the refusal says from when (the latest no-show's day + 7, UTC).
    const soon = await scheduleGame(Date.now() + 4 * 24 * HOUR);
    const refused = await noShower.post('/api/join-game', { gameId: soon, team: 0 });
    expect(refused.status, refused.text).toBe(403);
    const from = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
      new Date(starts[1]! + 7 * 24 * HOUR),
    );
    expect(errorOf(refused)).toEqual({ code: 'no_show_ban', message: noShowBanText(2, from) });
    // Nor may they pay for a place in such a game: checkout refuses before any card is charged.
    const priced = await scheduleGame(Date.now() + 4 * 24 * HOUR, new Date(), 800);
    const checkout = await noShower.post('/api/checkout', { price: 8, purpose: { kind: 'entry', gameId: priced } });
    expect(checkout.status, checkout.text).toBe(403);
    expect(errorOf(checkout)).toEqual({ code: 'no_show_ban', message: noShowBanText(2, from) });
    // A game after it is open to them.
    const later = await scheduleGame(starts[1]! + 8 * 24 * HOUR);
    const joined = await noShower.post('/api/join-game', { gameId: later, team: 0 });
    expect(joined.status, joined.text).toBe(200);
    // Two marked games: not enough to show on a roster yet.
    clients.captain.seesWritesOf(noShower);
    const roster = everyone(await gameData(clients.captain, later));
    expect(roster.find((participant) => participant.userId === noShowerId)?.reliability).toBeNull();

    // 'Reliable players only' is the organizer's: a player cannot set it; an out-of-range minimum is a 400.
    const byPlayer = await noShower.post('/api/set-min-reliability', { gameId: later, minReliability: 80 });
    expect(byPlayer.status, byPlayer.text).toBe(403);
    const outOfRange = await clients.captain.post('/api/set-min-reliability', { gameId: later, minReliability: 40 });
    expect(outOfRange.status, outOfRange.text).toBe(400);
    const set = await clients.captain.post('/api/set-min-reliability', { gameId: later, minReliability: 80 });
    expect(set.status, set.text).toBe(200);
    expect((await gameData(clients.captain, later)).minReliability).toBe(80);

    // Admin → Users shows the no-shows; an admin clears one with a reason (an event, so audited), and
    // the player's stream and reliability follow.
    const row = async () =>
      (await clients.admin.read<AdminUserRow[]>('/api/get-users?page=0&pageSize=50')).find(
        (user) => user.userId === noShowerId,
      )!;
    expect(await row()).toMatchObject({ noShows: 2 });
    const [latestNoShow] = (await row()).noShowGameIds;
    const byCaptain = await clients.captain.post('/api/admin/clear-attendance-mark', {
      gameId: latestNoShow,
      participantId: noShowerId,
      reason: 'The road was closed',
    });
    expect(byCaptain.status, byCaptain.text).toBe(403);
    const cleared = await clients.admin.post('/api/admin/clear-attendance-mark', {
      gameId: latestNoShow,
      participantId: noShowerId,
      reason: 'The road was closed',
    });
    expect(cleared.status, cleared.text).toBe(200);
    const clearedEvent = (await store.readStream(gameStream(latestNoShow!)))
      .map(parseEvent)
      .find((event) => event.type === 'AttendanceMarkCleared');
    expect(clearedEvent?.data).toMatchObject({ reason: 'The road was closed', clearedBy: ids.admin });
    await waitFor('the cleared mark off the player’s record', async () => (await row()).noShows === 1);
    const soonAgain = await noShower.post('/api/join-game', { gameId: soon, team: 0 });
    expect(soonAgain.status, soonAgain.text).toBe(200);
  }, 120_000);

  it('counts a leave within 2 hours of the start as late on the player’s record, and a rejoin and check-in as present', async () => {
    const leaver = await signUpPlayer(app, 'leaver@attendance.test', 'leaver');
    const early = await scheduleGame(Date.now() + 3 * HOUR);
    const gameId = await scheduleGame(Date.now() + 15 * MINUTE);
    for (const game of [early, gameId]) {
      expect((await leaver.post('/api/join-game', { gameId: game, team: 0 })).status).toBe(200);
      expect((await leaver.post('/api/leave-game', { gameId: game })).status).toBe(200);
    }
    const late = await waitFor('the late leave on the player’s record', async () => {
      const user = await leaver.read<CurrentUser>('/api/get-user');
      return user.reliability.games === 1 && user.reliability;
    });
    // Leaving 3 hours before counts for nothing; 15 minutes before, as late.
    expect(late).toEqual({ percent: 50, games: 1, noShows: 0 });

    expect((await leaver.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    const { code } = await clients.captain.read<CheckInCode>(`/api/check-in-code?gameId=${gameId}`);
    expect((await leaver.post('/api/check-in', { gameId, code })).status).toBe(200);
    await waitFor('the check-in on the player’s record', async () => {
      const user = await leaver.read<CurrentUser>('/api/get-user');
      return user.reliability.percent === 100 && user.reliability.games === 1;
    });
  }, 120_000);
});

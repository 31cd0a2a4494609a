/**
 * Issue #46 over real HTTP, socket.io, a real database and the event log: a game's chat. Who may read,
 * write and delete (403s), what a message may be (400s), ten messages a minute (429 with Retry-After,
 * under concurrency), live delivery to the chat's room and never to an anonymous follower's socket,
 * paging with `before`, '@name' notifications, the pinned announcement, unread counts and the event
 * history. Games are scheduled on their streams through the command handler, as a booking would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_DELETE_NOT_ALLOWED,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_NOT_A_MEMBER,
  CHAT_READ_NOT_ALLOWED,
  CHAT_TEXTS,
  CHAT_TEXT_MAX_LENGTH,
  type GameMessagePage,
  type UnreadGameMessages,
} from '@playtime/shared/contract/chat';
import type { HistoryEvent } from '@playtime/shared/contract/audit';
import { NOTIFICATIONS_PATH, type NotificationList } from '@playtime/shared/contract/notifications';
import { REALTIME_EVENTS, type ChangedMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { Socket } from 'socket.io-client';
import { demoPeople, signUpPlayer } from '../support/accounts';
import { accessTokenFor, type ApiAnswer, type ApiClient } from '../support/api-client';
import { JOINED, connectSocket } from '../support/sockets';
import { commandOnGame, scheduleFreeGameTomorrow } from '../support/game-streams';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe('a chat for each game over HTTP and socket.io', () => {
  let app: TestApp;
  let store: EventStore;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];
  let ids: Awaited<ReturnType<typeof demoPeople>>['ids'];
  let people = 0;

  /** The captain's free game tomorrow for 14 players (no sideline cap unless given). */
  const scheduleGame = (options: { sidelineSize?: number | null } = {}) => {
    const gameId = `chat-${randomUUID()}`;
    return scheduleFreeGameTomorrow(store, clients.captain, {
      gameId,
      name: `Chat ${gameId.slice(5, 13)}`,
      organizerId: ids.captain,
      organizerUsername: 'captain',
      ownerId: ids.owner,
      ...(options.sidelineSize === undefined ? {} : { sidelineSize: options.sidelineSize }),
    });
  };

  /** A new player (each test's own, so the ten-a-minute limit of one never touches another's). */
  async function newPlayer(): Promise<{ client: ApiClient; userId: string; username: string; email: string }> {
    const index = ++people;
    const email = `chat-${index}-${randomUUID().slice(0, 6)}@chat.test`;
    const client = await signUpPlayer(app, email, `chatter${index}`);
    const me = (await client.get('/api/get-user')).json as { userId: string; username: string };
    return { client, userId: me.userId, username: me.username, email };
  }
  /** A socket of a player signed up by newPlayer. */
  const socketOf = async (player: { email: string }) =>
    (await connectSocket(app, await accessTokenFor(app.url, player.email, 'sign-up ok'))).socket;

  async function member(gameId: string) {
    const player = await newPlayer();
    const joined = await player.client.post('/api/join-game', { gameId, team: 0 });
    expect(joined.status, joined.text).toBe(200);
    return player;
  }

  const send = (client: ApiClient, gameId: string, text: string, announcement?: boolean) =>
    client.post('/api/send-game-message', { gameId, text, ...(announcement === undefined ? {} : { announcement }) });
  const page = (client: ApiClient, gameId: string, query = '') =>
    client.read<GameMessagePage>(`/api/game-messages?gameId=${gameId}${query}`);

  beforeAll(async () => {
    app = await startTestApp();
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    ({ clients, ids } = await demoPeople(app.url));
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await app?.dispose();
  });

  it('lets members and the organizer write and read, who and when, newest at the bottom', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const first = await send(sam.client, gameId, 'Running 10 minutes late');
    expect(first.status, first.text).toBe(200);
    const second = await send(clients.captain, gameId, '<b>Bibs</b> are in my car & yours?\nSecond line');
    expect(second.status, second.text).toBe(200);

    const answer = await page(sam.client.seesWritesOf(clients.captain), gameId);
    expect(answer.items.map((item) => [item.username, item.text])).toEqual([
      [sam.username, 'Running 10 minutes late'],
      ['captain', '<b>Bibs</b> are in my car & yours?\nSecond line'],
    ]);
    expect(answer.items[0]).toMatchObject({ userId: sam.userId, deleted: false, announcement: false });
    expect(Date.parse(answer.items[0]!.sentAt)).not.toBeNaN();
    expect(answer.hasEarlier).toBe(false);
    // An admin reads any game's chat.
    expect((await page(clients.admin.seesWritesOf(clients.captain), gameId)).items).toHaveLength(2);
  });

  it('answers 403 to someone who is not a member for reading, sending and deleting; 401 without a login', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const sent = await send(sam.client, gameId, 'members only');
    const { messageId } = sent.json as { messageId: string };
    const stranger = await newPlayer();

    const read = await stranger.client.get(`/api/game-messages?gameId=${gameId}`);
    expect(read.status).toBe(403);
    expect(errorOf(read).message).toBe(CHAT_READ_NOT_ALLOWED);
    const write = await send(stranger.client, gameId, 'let me in');
    expect(write.status).toBe(403);
    expect(errorOf(write).message).toBe(CHAT_NOT_A_MEMBER);
    const remove = await stranger.client.post('/api/delete-game-message', { messageId });
    expect(remove.status).toBe(403);
    // The organizer of the field is no member of the game either.
    expect((await clients.owner.get(`/api/game-messages?gameId=${gameId}`)).status).toBe(403);
    expect((await clients.anonymous.get(`/api/game-messages?gameId=${gameId}`)).status).toBe(401);
    expect((await send(clients.anonymous, gameId, 'hi')).status).toBe(401);

    // A player who left is no member any more.
    expect((await sam.client.post('/api/leave-game', { gameId })).status).toBe(200);
    expect((await send(sam.client, gameId, 'still here?')).status).toBe(403);
  });

  it('lets people on the waitlist read the chat and hear it live, but not write', async () => {
    const gameId = await scheduleGame({ sidelineSize: 0 });
    // Fourteen on the pitch fill it: the next one waits on the waitlist.
    for (let index = 0; index < 14; index++) {
      const playerId = `filler-${index}-${gameId}`;
      await commandOnGame(
        store,
        gameId,
        { type: 'JoinGame', playerId, username: `filler${index}`, team: index % 2 === 0 ? 1 : 2, payment: null },
        { actorId: playerId },
      );
    }
    const waiting = await newPlayer();
    const joined = await waiting.client.post('/api/join-waitlist', { gameId });
    expect(joined.status, joined.text).toBe(200);
    await send(clients.captain, gameId, 'The waitlist moves fast');

    const answer = await page(waiting.client.seesWritesOf(clients.captain), gameId);
    expect(answer.items.map((item) => item.text)).toEqual(['The waitlist moves fast']);
    const write = await send(waiting.client, gameId, 'can I?');
    expect(write.status).toBe(403);
    expect(errorOf(write).message).toBe(CHAT_NOT_A_MEMBER);

    const socket = await socketOf(waiting);
    try {
      const answerToJoin = await new Promise<JoinAnswer>((resolve) =>
        socket.emit(REALTIME_EVENTS.join, rooms.chat(gameId), resolve),
      );
      expect(answerToJoin).toEqual(JOINED);
    } finally {
      socket.close();
    }
  });

  it('refuses texts that are empty, blank or longer than 500 characters, and a missing game, with 400', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    for (const text of ['', '   \n ', 'x'.repeat(CHAT_TEXT_MAX_LENGTH + 1)]) {
      const answer = await send(sam.client, gameId, text);
      expect(answer.status, JSON.stringify(text)).toBe(400);
    }
    expect(errorOf(await send(sam.client, gameId, 'x'.repeat(CHAT_TEXT_MAX_LENGTH + 1))).message).toContain(
      CHAT_TEXTS.tooLong,
    );
    expect((await sam.client.post('/api/send-game-message', { text: 'hi' })).status).toBe(400);
    expect((await sam.client.post('/api/send-game-message', { gameId, text: 42 })).status).toBe(400);
    expect((await sam.client.get(`/api/game-messages?gameId=${gameId}&limit=0`)).status).toBe(400);
    expect((await sam.client.post('/api/delete-game-message', {})).status).toBe(400);
    // Exactly 500 characters (an emoji is one) go through.
    const longest = await send(sam.client, gameId, '⚽'.repeat(CHAT_TEXT_MAX_LENGTH));
    expect(longest.status, longest.text).toBe(200);
    // A game that does not exist is not found.
    expect((await send(sam.client, `chat-${randomUUID()}`, 'hello?')).status).toBe(404);
  });

  it(`takes ${CHAT_MESSAGES_PER_MINUTE} messages a minute from one person, sent at once, then answers 429 with Retry-After`, async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const answers = await Promise.all(
      Array.from({ length: CHAT_MESSAGES_PER_MINUTE + 5 }, (_, index) => send(sam.client, gameId, `message ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CHAT_MESSAGES_PER_MINUTE);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      const wait = Number(answer.headers.get('retry-after'));
      expect(Number.isInteger(wait) && wait >= 1 && wait <= 60, String(wait)).toBe(true);
      expect(errorOf(answer).code).toBe('too_many_messages');
    }
    // Exactly the ten were said, once each.
    const said = await page(sam.client, gameId);
    expect(said.items).toHaveLength(CHAT_MESSAGES_PER_MINUTE);
    // Another person is not held back by it.
    const alex = await member(gameId);
    expect((await send(alex.client, gameId, 'my turn')).status).toBe(200);
  });

  it("delivers a message live to members' sockets, and never to an anonymous follower's or a stranger's", async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const stranger = await newPlayer();
    const sockets: Socket[] = [];
    const heard = {
      member: [] as ChangedMessage[],
      organizer: [] as ChangedMessage[],
      anonymous: [] as ChangedMessage[],
    };
    const join = (socket: Socket, room: string) =>
      new Promise<JoinAnswer>((resolve) => socket.emit(REALTIME_EVENTS.join, room, resolve));
    try {
      const memberSocket = await socketOf(sam);
      const organizerSocket = (await connectSocket(app, await accessTokenFor(app.url, 'captain@playtime.test'))).socket;
      const anonymousSocket = (await connectSocket(app, '')).socket;
      const strangerSocket = await socketOf(stranger);
      sockets.push(memberSocket, organizerSocket, anonymousSocket, strangerSocket);
      memberSocket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.member.push(message));
      organizerSocket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.organizer.push(message));
      anonymousSocket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => heard.anonymous.push(message));

      expect(await join(memberSocket, rooms.chat(gameId))).toEqual(JOINED);
      expect(await join(organizerSocket, rooms.chat(gameId))).toEqual(JOINED);
      // The game's page is public: anyone follows its room, but not its chat's.
      expect(await join(anonymousSocket, rooms.game(gameId))).toEqual(JOINED);
      expect((await join(anonymousSocket, rooms.chat(gameId))).ok).toBe(false);
      expect(await join(strangerSocket, rooms.chat(gameId))).toEqual({ ok: false, error: CHAT_READ_NOT_ALLOWED });

      expect((await send(clients.captain, gameId, 'Kick-off moved to 7')).status).toBe(200);
      const isChat = (message: ChangedMessage) => message.projection === 'chat' && message.room === rooms.chat(gameId);
      await waitFor('the member hears the message', async () => heard.member.some(isChat));
      await waitFor('the organizer hears the message', async () => heard.organizer.some(isChat));
      // The notice names the chat and its position, never the text: the member fetches it as themselves.
      expect(JSON.stringify(heard.member)).not.toContain('Kick-off');
      expect((await page(sam.client.seesWritesOf(clients.captain), gameId)).items.at(-1)?.text).toBe(
        'Kick-off moved to 7',
      );

      // Something later in the log that the anonymous follower does hear: by then the chat's notice,
      // written to its room before, would have reached it had it been in that room.
      const alex = await member(gameId);
      await waitFor('the anonymous follower hears the join', async () =>
        heard.anonymous.some((message) => message.room === rooms.game(gameId)),
      );
      expect(alex.userId).toBeTruthy();
      expect(heard.anonymous.filter((message) => message.projection === 'chat')).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('lets its author, the organizer or an admin delete a message, shown as deleted; not another member', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const alex = await member(gameId);
    const ids3 = [] as string[];
    for (const text of ['oops', 'rude one', 'another']) {
      const answer = await send(sam.client, gameId, text);
      ids3.push((answer.json as { messageId: string }).messageId);
    }
    const byOther = await alex.client.post('/api/delete-game-message', { messageId: ids3[0] });
    expect(byOther.status).toBe(403);
    expect(errorOf(byOther).message).toBe(CHAT_DELETE_NOT_ALLOWED);

    expect((await sam.client.post('/api/delete-game-message', { messageId: ids3[0] })).status).toBe(200);
    expect((await clients.captain.post('/api/delete-game-message', { messageId: ids3[1] })).status).toBe(200);
    expect((await clients.admin.post('/api/delete-game-message', { messageId: ids3[2] })).status).toBe(200);
    // Again: nothing new, still fine.
    expect((await sam.client.post('/api/delete-game-message', { messageId: ids3[0] })).status).toBe(200);
    expect((await sam.client.post('/api/delete-game-message', { messageId: `${gameId}.nope` })).status).toBe(404);

    const answer = await page(
      alex.client.seesWritesOf(sam.client).seesWritesOf(clients.captain).seesWritesOf(clients.admin),
      gameId,
    );
    expect(answer.items.map((item) => [item.deleted, item.text, item.username])).toEqual([
      [true, '', sam.username],
      [true, '', sam.username],
      [true, '', sam.username],
    ]);
  });

  it('pages back with `before`, each page oldest first, until there is nothing earlier', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    for (let index = 1; index <= 7; index++) expect((await send(sam.client, gameId, `m${index}`)).status).toBe(200);

    const texts = (answer: GameMessagePage) => answer.items.map((item) => item.text);
    const newest = await page(sam.client, gameId, '&limit=3');
    expect(texts(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasEarlier).toBe(true);
    const earlier = await page(sam.client, gameId, `&limit=3&before=${newest.items[0]!.messageId}`);
    expect(texts(earlier)).toEqual(['m2', 'm3', 'm4']);
    expect(earlier.hasEarlier).toBe(true);
    const earliest = await page(sam.client, gameId, `&limit=3&before=${earlier.items[0]!.messageId}`);
    expect(texts(earliest)).toEqual(['m1']);
    expect(earliest.hasEarlier).toBe(false);
  });

  it("notifies a member an '@name' mentions, in the bell", async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const alex = await member(gameId);
    expect((await send(sam.client, gameId, `@${alex.username} do you have the bibs?`)).status).toBe(200);
    await waitFor('the mention in the bell', async () => {
      const list = await alex.client.seesWritesOf(sam.client).read<NotificationList>(NOTIFICATIONS_PATH);
      return list.items.some(
        (item) =>
          item.kind === 'chat-mention' && item.text.startsWith(`${sam.username} mentioned you in the chat of Chat `),
      );
    });
    // The author is not told of their own message.
    const samsBell = await sam.client.read<NotificationList>(NOTIFICATIONS_PATH);
    expect(samsBell.items.some((item) => item.kind === 'chat-mention')).toBe(false);
  });

  it('pins the organizer’s announcement at the top; a member may not post one', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const refused = await send(sam.client, gameId, 'Listen all', true);
    expect(refused.status).toBe(403);
    expect((await send(clients.captain, gameId, 'Bring both shirts', true)).status).toBe(200);
    expect((await send(sam.client, gameId, 'ok!')).status).toBe(200);
    const answer = await page(sam.client.seesWritesOf(clients.captain), gameId);
    expect(answer.pinned).toMatchObject({ text: 'Bring both shirts', username: 'captain', announcement: true });
    // Deleted, it is pinned no more.
    expect(
      (await clients.captain.post('/api/delete-game-message', { messageId: answer.pinned!.messageId })).status,
    ).toBe(200);
    expect((await page(sam.client.seesWritesOf(clients.captain), gameId)).pinned).toBeNull();
  });

  it('counts others’ unread messages per game until the chat is read', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const alex = await member(gameId);
    await send(sam.client, gameId, 'one');
    await send(sam.client, gameId, 'two');
    await send(alex.client, gameId, 'mine');
    const unread = await alex.client.seesWritesOf(sam.client).read<UnreadGameMessages>('/api/unread-game-messages');
    expect(unread.games.find((game) => game.gameId === gameId)).toEqual({
      gameId,
      gameName: `Chat ${gameId.slice(5, 13)}`,
      unread: 2,
    });
    expect(unread.total).toBeGreaterThanOrEqual(2);
    // The game is to come: the header follows its chat room, so the counts change live.
    expect(unread.followed).toContain(gameId);
    expect((await alex.client.post('/api/mark-game-messages-read', { gameId })).status).toBe(200);
    const after = await alex.client.read<UnreadGameMessages>('/api/unread-game-messages');
    expect(after.games.find((game) => game.gameId === gameId)).toBeUndefined();
    expect(after.followed).toContain(gameId);
  });

  it('shows the chat’s events in the admin’s event history', async () => {
    const gameId = await scheduleGame();
    const sam = await member(gameId);
    const sent = await send(sam.client, gameId, 'for the record');
    await sam.client.post('/api/delete-game-message', { messageId: (sent.json as { messageId: string }).messageId });
    const history = await clients.admin.read<{ events: HistoryEvent[] }>(
      `/api/admin/events?stream=${encodeURIComponent(`chat-${gameId}`)}`,
    );
    expect(history.events.map((event) => [event.type, event.kind, event.summary])).toEqual([
      ['GameMessageDeleted', 'chat', expect.stringContaining('deleted a message from the chat')],
      ['GameMessageSent', 'chat', `${sam.username} wrote a message in the chat`],
    ]);
  });
});

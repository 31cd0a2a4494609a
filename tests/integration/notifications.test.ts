/**
 * Notifications over real HTTP on the standalone app (issue #31): each kind from the event that
 * causes it, the bell's list, its paging and unread count, marking read, per-kind preferences, the
 * mail that goes with a notification (caught by the embedded SMTP server, parsed with mailparser),
 * reminders by their delayed job (none for a cancelled game), and nothing more for a deleted account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCES_PATH,
  type NotificationList,
  type NotificationPreferences,
} from '@playtime/shared/contract/notifications';
import { signUpPlayer } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, demoPeople, payInFull, type DemoPerson } from '../support/game-loop';
import { waitForMail } from '../support/mail';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at } from '../support/time';
import { waitFor } from '../support/wait';

/** The reminders of the games at 18:00 on the test day come due this long after the suite starts. */
const REMINDER_DUE_AFTER_MS = 60_000;

describe('notifications over HTTP', () => {
  const suiteStart = Date.now();
  let app: TestApp;
  let db: pg.Pool;
  let clients: Record<DemoPerson | 'anonymous', ApiClient>;
  let ids: Record<DemoPerson, string>;
  let north: string;
  let south: string;

  const listOf = async (who: ApiClient, query = ''): Promise<NotificationList> => {
    return who.read<NotificationList>(`${NOTIFICATIONS_PATH}${query}`);
  };

  /** The user's notification of `kind` whose text matches, once the projector has written it. */
  const notified = (who: ApiClient, kind: string, text: RegExp) =>
    waitFor(`a "${kind}" notification matching ${text}`, async () =>
      (await listOf(who, '?limit=100')).items.find((item) => item.kind === kind && text.test(item.text)),
    );

  beforeAll(async () => {
    // The reminder's setting, in hours, that makes the 18:00 games' reminders come due during the suite.
    const reminderHours = (Date.parse(at(18)) - (suiteStart + REMINDER_DUE_AFTER_MS)) / 3_600_000;
    app = await startTestApp({ REMINDER_HOURS: String(reminderHours) });
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    ({ clients, ids } = await demoPeople(app.url));
    const place = { name: 'Notice Park', address: '9 Bell St', startDate: at(8), endDate: at(23) };
    ({ subFieldId: north } = await addAvailableField(clients.owner, { ...place, subFieldName: 'North' }));
    ({ subFieldId: south } = await addAvailableField(clients.owner, {
      ...place,
      name: 'Notice Park South',
      subFieldName: 'South',
    }));
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it('tells the captain, the owner and the players what happens to a game, by bell and by mail', async () => {
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, north, 18, 19, {
      name: 'Bell Cup',
      price: '0',
      minPlayers: 2,
    });
    const booked = await notified(clients.captain, 'booking-confirmed', /^Your booking is confirmed: Bell Cup on /);
    expect(booked.text).toContain('at Notice Park · North.');
    expect(booked.link).toBe(`/game-details/${gameId}`);
    expect(booked.readAt).toBeNull();
    await notified(clients.owner, 'field-booked', /^captain booked Notice Park · North for Bell Cup on /);
    await notified(clients.owner, 'payout', /^You received \$40\.00 for a field rental\.$/);

    // The field's clock: 18:00 UTC is 1 or 2 PM in New York, whatever the season.
    expect(booked.text).toMatch(/Bell Cup on \w{3}, \w{3} \d{1,2}, [12]:00 PM/);

    expect((await clients.player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
    await notified(clients.player, 'joined', /^You joined Bell Cup on /);
    await notified(clients.captain, 'player-joined', /^player joined Bell Cup on /);

    const newcomer = await signUpPlayer(app, 'nell@example.com', 'Nell');
    expect((await newcomer.post('/api/join-game', { gameId, team: 2 })).status).toBe(200);
    await notified(clients.captain, 'minimum-reached', /has reached its minimum of 2 players: it goes ahead\.$/);

    const moved = await clients.captain.post('/api/join-game', { gameId, participantId: ids.player, team: 2 });
    expect(moved.status, moved.text).toBe(200);
    const told = await notified(clients.player, 'moved', /^The organizer moved you to Team 2 in Bell Cup on /);

    // The same news by mail, with the link to the game and the kind's own unsubscribe.
    const mail = await waitForMail(clients.admin, 'player@playtime.test', /moved to another team/);
    expect(mail.message.kind).toBe('moved');
    expect(mail.parsed.text).toContain(told.text);
    expect(mail.link).toBe(`${app.url}/game-details/${gameId}`);
    // Unfolded as a mail client reads the header.
    expect(mail.message.raw.replace(/\r\n\s+/g, ' ')).toContain(
      `List-Unsubscribe: <${app.url}/email/unsubscribe?token=`,
    );

    expect((await newcomer.post('/api/leave-game', { gameId })).status).toBe(200);
    await notified(clients.captain, 'player-left', /^Nell left Bell Cup on /);
  });

  it('tells a removed player of the refund, and everyone of a cancellation and why', async () => {
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, north, 20, 21, {
      name: 'Refund Rovers',
      price: '5',
    });
    const paymentId = await payInFull(clients.player, clients.anonymous, { kind: 'entry', gameId }, 500);
    expect((await clients.player.post('/api/join-game', { gameId, team: 1, paymentId })).status).toBe(200);
    const removed = await clients.captain.post('/api/remove-player', { gameId, participantId: ids.player });
    expect(removed.status, removed.text).toBe(200);
    await notified(
      clients.player,
      'removed',
      /^The organizer removed you from Refund Rovers on .*\. Your entry fee of \$5\.00 was refunded\.$/,
    );
    await notified(clients.player, 'refunded', /^You were refunded \$5\.00 for Refund Rovers on /);

    const { gameId: doomed } = await bookPaidGame(clients.captain, clients.anonymous, north, 21, 22, {
      name: 'Rainout',
      price: '0',
    });
    expect((await clients.player.post('/api/join-game', { gameId: doomed, team: 1 })).status).toBe(200);
    expect((await clients.captain.post('/api/delete-game', { gameId: doomed })).status).toBe(200);
    await notified(clients.player, 'game-cancelled', /^Rainout on .* was cancelled: the organizer cancelled it\.$/);
    await notified(
      clients.owner,
      'booking-cancelled',
      /^The booking of Notice Park · North for Rainout on .* was cancelled\.$/,
    );
  });

  it('reminds the members before the start by its job, and nobody of a cancelled game', async () => {
    const { gameId: cancelled } = await bookPaidGame(clients.captain, clients.anonymous, south, 18, 19, {
      name: 'Never Played',
      price: '0',
    });
    expect((await clients.player.post('/api/join-game', { gameId: cancelled, team: 1 })).status).toBe(200);
    expect((await clients.captain.post('/api/delete-game', { gameId: cancelled })).status).toBe(200);

    // Bell Cup (the first test's) starts at 18:00 too: its reminder comes due about a minute into the suite.
    const reminder = await waitFor(
      'the reminder of Bell Cup',
      async () => (await listOf(clients.player, '?limit=100')).items.find((item) => item.kind === 'reminder'),
      REMINDER_DUE_AFTER_MS + 60_000,
    );
    // The bell's text names the place; its map is a link of its own (issue #41), and the mail's text has its address.
    expect(reminder.text).toMatch(/^Reminder: Bell Cup on .* at 9 Bell St, New York, 10001\. You play on Team 2\.$/);
    expect(reminder.mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    const mail = await waitForMail(clients.admin, 'player@playtime.test', /reminder before your game/);
    expect(mail.parsed.text).toContain(`10001 (map: ${reminder.mapUrl}). You play on Team 2.`);

    // The cancelled game's job came due at the same moment and recorded nothing.
    const { rows } = await db.query(`SELECT 1 FROM es_events WHERE stream_id = $1 AND type = 'PlayersReminded'`, [
      `game-${cancelled}`,
    ]);
    expect(rows).toEqual([]);
    const reminders = (await listOf(clients.player, '?limit=100')).items.filter((item) => item.kind === 'reminder');
    expect(reminders).toHaveLength(1);
  }, 180_000);

  it('pages the list, counts what is unread, and marks one or all read', async () => {
    const all = await listOf(clients.player, '?limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.unread).toBe(all.items.filter((item) => item.readAt === null).length);

    const first = await listOf(clients.player, '?limit=2');
    expect(first.items).toEqual(all.items.slice(0, 2));
    const second = await listOf(clients.player, `?limit=2&before=${first.items[1]!.id}`);
    expect(second.items).toEqual(all.items.slice(2, 4));

    const one = await clients.player.post(NOTIFICATIONS_READ_PATH, { ids: [all.items[0]!.id] });
    expect(one.status, one.text).toBe(200);
    expect(one.json).toEqual({ unread: all.unread - 1 });
    // Someone else's id marks nothing of theirs.
    const captains = await listOf(clients.captain);
    await clients.player.post(NOTIFICATIONS_READ_PATH, { ids: [captains.items[0]!.id] });
    expect((await listOf(clients.captain)).unread).toBe(captains.unread);

    const everything = await clients.player.post(NOTIFICATIONS_READ_PATH, { all: true });
    expect(everything.json).toEqual({ unread: 0 });
    const after = await listOf(clients.player, '?limit=100');
    expect(after.items.every((item) => item.readAt !== null)).toBe(true);
  });

  it('refuses what it cannot read with a message that says what to send', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=two', '?before=yesterday']) {
      const answer = await clients.player.get(`${NOTIFICATIONS_PATH}${query}`);
      expect(answer.status, query).toBe(400);
    }
    expect((await clients.anonymous.get(NOTIFICATIONS_PATH)).status).toBe(401);
    const nothing = await clients.player.post(NOTIFICATIONS_READ_PATH, {});
    expect(nothing.status).toBe(400);
    expect((nothing.json as { error: { message: string } }).error.message).toBe(NOTIFICATION_MESSAGES.readWhat);
    const badIds = await clients.player.post(NOTIFICATIONS_READ_PATH, { ids: ['x'] });
    expect(badIds.status).toBe(400);
    const badKind = await clients.player.post(NOTIFICATION_PREFERENCES_PATH, {
      preferences: [{ kind: 'gossip', inApp: false, email: false }],
    });
    expect(badKind.status).toBe(400);
  });

  it('keeps muted kinds out of the bell and unsubscribed kinds out of the mail', async () => {
    const before = (await clients.captain.get(NOTIFICATION_PREFERENCES_PATH)).json as NotificationPreferences;
    expect(before.preferences.find((one) => one.kind === 'player-joined')).toEqual({
      kind: 'player-joined',
      inApp: true,
      email: true,
      // Issue #46: Push is off until the user subscribes a device.
      push: false,
    });
    const saved = await clients.captain.post(NOTIFICATION_PREFERENCES_PATH, {
      preferences: [{ kind: 'player-joined', inApp: false, email: false }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as NotificationPreferences).preferences.find((one) => one.kind === 'player-joined')).toEqual({
      kind: 'player-joined',
      inApp: false,
      email: false,
      push: false,
    });
    expect((await listOf(clients.captain, '?limit=100')).items.some((item) => item.kind === 'player-joined')).toBe(
      false,
    );
    const { rows } = await db.query(
      `SELECT 1 FROM email_unsubscribes WHERE account_id = $1 AND kind = 'player-joined'`,
      [ids.captain],
    );
    expect(rows).toHaveLength(1);

    await clients.captain.post(NOTIFICATION_PREFERENCES_PATH, {
      preferences: [{ kind: 'player-joined', inApp: true, email: true }],
    });
    expect((await listOf(clients.captain, '?limit=100')).items.some((item) => item.kind === 'player-joined')).toBe(
      true,
    );
  });

  it("drops a deleted account's notifications and tells it nothing more", async () => {
    const leaver = await signUpPlayer(app, 'gone@example.com', 'Gone');
    const leaverId = ((await leaver.get('/api/get-user')).json as { userId: string }).userId;
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, north, 9, 10, {
      name: 'Farewell',
      price: '0',
    });
    expect((await leaver.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
    await notified(leaver, 'joined', /^You joined Farewell on /);

    const deleted = await clients.admin.post('/api/admin-delete-user', { userId: leaverId });
    expect(deleted.status, deleted.text).toBe(200);
    const count = async () =>
      Number(
        (await db.query<{ n: string }>('SELECT count(*) AS n FROM read.notifications WHERE user_id = $1', [leaverId]))
          .rows[0]!.n,
      );
    await waitFor('the deleted account without notifications', async () => (await count()) === 0);
    // The deletion withdrew them from the game: the captain hears of it, the deleted account of nothing.
    expect((await clients.captain.post('/api/delete-game', { gameId })).status).toBe(200);
    await notified(clients.owner, 'booking-cancelled', /for Farewell on /);
    expect(await count()).toBe(0);
  });
});

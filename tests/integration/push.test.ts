/**
 * Web Push over real HTTP on the standalone app (issue #46): a local push service on loopback
 * (PUSH_ALLOW_LOOPBACK=1) receives each push of subscriptions whose keys this test made (ECDH P-256 and a
 * 16-byte auth secret), and decrypts it (RFC 8291 aes128gcm, with http_ece) to check its text and link.
 * A subscription whose push service answers 404 or 410 is removed; endpoints must be https; and quiet
 * hours hold an offer of a freed spot made at 03:00 in the player's zone, for a game two days away, until
 * 08:00 there, where its window starts too (the push worker's clock is moved to that morning).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCES_PATH, type NotificationPreferences } from '@playtime/shared/contract/notifications';
import {
  PUSH_MESSAGES,
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_DELETE_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushPublicKey,
} from '@playtime/shared/contract/push';
import { gameStream, type GameEvent } from '@playtime/shared/domain/games/events';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas, parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { demoClients, signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at, HOUR } from '../support/time';
import { startPushReceiver, type PushDevice, type PushReceiver, type ReceivedPush } from '../support/push-receiver';
import { waitFor } from '../support/wait';

/** An IANA zone whose clock shows `hour` o'clock now (Etc/GMT±N, whole hours from UTC). */
function zoneAtHour(hour: number): string {
  const utcHour = new Date().getUTCHours();
  for (let offset = -12; offset <= 14; offset++) {
    if ((utcHour + offset + 24) % 24 !== hour) continue;
    // POSIX signs: Etc/GMT+5 is five hours behind UTC.
    return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  }
  throw new Error(`no whole-hour zone shows ${hour} o'clock`);
}

describe('web push', () => {
  let app: TestApp;
  let db: pg.Pool;
  let store: EventStore;
  let receiver: PushReceiver;
  let owner: ApiClient;
  let captain: ApiClient;
  let anonymous: ApiClient;
  let pitch: string;
  let publicKey: string;

  const makeDevice = (name: string) => receiver.device(name);
  const subscriptionOf = (device: PushDevice) => receiver.subscriptionOf(device);
  const decrypt = (device: PushDevice, push: ReceivedPush) => receiver.decrypt(device, push);
  const pushesTo = (device: PushDevice) => receiver.pushesTo(device);
  const pushed = (device: PushDevice, body: RegExp) => receiver.pushed(device, body);
  const userIdOf = async (client: ApiClient) => ((await client.get('/api/get-user')).json as { userId: string }).userId;
  const joinIn = (client: ApiClient, gameId: string, team: 0 | 1 | 2, timeZone: string) =>
    client.call('POST', '/api/join-game', { gameId, team }, { 'x-time-zone': timeZone });
  const eventsOf = async (gameId: string): Promise<GameEvent[]> =>
    (await store.readStream(gameStream(gameId))).map((stored) => parseEvent(stored) as GameEvent);

  beforeAll(async () => {
    receiver = await startPushReceiver();
    app = await startTestApp({ PUSH_ALLOW_LOOPBACK: '1' });
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = checkEventSchemas(await PostgresEventStore.connect(app.databaseUrl));
    anonymous = new ApiClient(app.url, null);
    [owner, captain] = await demoClients(app.url, 'owner', 'captain');
    ({ subFieldId: pitch } = await addAvailableField(owner, { name: 'Push Park', address: '46 Bell Rd' }));
    captain.seesWritesOf(owner);
    publicKey = (await anonymous.read<PushPublicKey>(PUSH_PUBLIC_KEY_PATH)).publicKey;
  }, 180_000);

  afterAll(async () => {
    await store?.close();
    await db?.end();
    await app?.dispose();
    await receiver?.close();
  });

  it('answers the deployment’s VAPID public key, a P-256 point that stays the same', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await anonymous.read<PushPublicKey>(PUSH_PUBLIC_KEY_PATH)).publicKey).toBe(publicKey);
  });

  it('takes only https endpoints (loopback too when allowed), with the keys a browser gives, from a signed-in user', async () => {
    const player = await signUpPlayer(app, 'push-rules@playtime.test', 'pushrules');
    const device = subscriptionOf(makeDevice('rules'));
    const plain = await player.post(PUSH_SUBSCRIPTIONS_PATH, { ...device, endpoint: 'http://push.example.com/x' });
    expect(plain.status).toBe(400);
    expect((plain.json as { error: { message: string } }).error.message).toBe(PUSH_MESSAGES.notHttps);
    const badKeys = await player.post(PUSH_SUBSCRIPTIONS_PATH, { ...device, keys: { p256dh: 'abc', auth: 'x' } });
    expect(badKeys.status).toBe(400);
    expect((badKeys.json as { error: { message: string } }).error.message).toContain(PUSH_MESSAGES.badKeys);
    expect((await player.post(PUSH_SUBSCRIPTIONS_PATH, { keys: device.keys })).status).toBe(400);
    expect((await anonymous.post(PUSH_SUBSCRIPTIONS_PATH, device)).status).toBe(401);
    const https = await player.post(PUSH_SUBSCRIPTIONS_PATH, { ...device, endpoint: 'https://push.example.com/x' });
    expect(https.status, https.text).toBe(200);
    expect((await player.post(PUSH_SUBSCRIPTIONS_PATH, device)).status).toBe(200);
    const { rows } = await db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint', [
      await userIdOf(player),
    ]);
    expect(rows.map((row: { endpoint: string }) => row.endpoint)).toEqual([
      device.endpoint,
      'https://push.example.com/x',
    ]);
  });

  it('turns Push on for the kinds the player hears in the app, and pushes each notification, encrypted, with its text and link', async () => {
    const player = await signUpPlayer(app, 'push-day@playtime.test', 'pushday');
    // One kind muted in the bell before the first device: Push stays off for it.
    await player.post(NOTIFICATION_PREFERENCES_PATH, { preferences: [{ kind: 'moved', inApp: false, email: true }] });
    const device = makeDevice('day');
    expect((await player.post(PUSH_SUBSCRIPTIONS_PATH, subscriptionOf(device))).status).toBe(200);
    const { preferences } = await player.read<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH);
    expect(preferences.find((one) => one.kind === 'joined')).toMatchObject({ inApp: true, push: true });
    expect(preferences.find((one) => one.kind === 'moved')).toMatchObject({ inApp: false, push: false });

    const gameId = await bookFreeGame(9, 10, 'Push Day Cup');
    player.seesWritesOf(captain);
    // Noon where the player lives: no quiet hours.
    expect((await joinIn(player, gameId, 0, zoneAtHour(12))).status).toBe(200);
    const { push, payload } = await pushed(device, /^You joined Push Day Cup on /);
    expect(payload).toMatchObject({ title: 'You joined a game', url: `/game-details/${gameId}` });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('normal');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // Signed with the deployment's VAPID key (RFC 8292: "vapid t=<JWT>, k=<public key>").
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));

    // Push turned off for a kind: its notifications stay in the bell and the mail.
    const off = await player.post(NOTIFICATION_PREFERENCES_PATH, {
      preferences: [{ kind: 'joined', inApp: true, email: true, push: false }],
    });
    expect((off.json as NotificationPreferences).preferences.find((one) => one.kind === 'joined')?.push).toBe(false);
    // A device unsubscribed gets nothing more; someone else's endpoint is not theirs to delete.
    const other = await signUpPlayer(app, 'push-other@playtime.test', 'pushother');
    expect((await other.post(PUSH_SUBSCRIPTIONS_DELETE_PATH, { endpoint: device.endpoint })).json).toEqual({
      deleted: false,
    });
    expect((await player.post(PUSH_SUBSCRIPTIONS_DELETE_PATH, { endpoint: device.endpoint })).json).toEqual({
      deleted: true,
    });
    const { rows } = await db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [device.endpoint]);
    expect(rows).toHaveLength(0);
  });

  it('removes a subscription whose push service answers 404 or 410', async () => {
    for (const status of [404, 410]) {
      const player = await signUpPlayer(app, `push-gone-${status}@playtime.test`, `pushgone${status}`);
      const device = makeDevice(`gone-${status}`);
      receiver.answers.set(device.name, status);
      expect((await player.post(PUSH_SUBSCRIPTIONS_PATH, subscriptionOf(device))).status).toBe(200);
      const gameId = await bookFreeGame(status === 404 ? 11 : 12, status === 404 ? 12 : 13, `Gone ${status}`);
      player.seesWritesOf(captain);
      expect((await joinIn(player, gameId, 0, zoneAtHour(12))).status).toBe(200);
      await waitFor(`the ${status} subscription removed`, async () => {
        const { rows } = await db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [device.endpoint]);
        return rows.length === 0;
      });
      expect(pushesTo(device)).toHaveLength(1);
      const { rows } = await db.query<{ state: string }>('SELECT state FROM push_outbox WHERE endpoint = $1', [
        device.endpoint,
      ]);
      expect(rows.map((row) => row.state)).toEqual(['gone']);
    }
  });

  it('forgets a deleted account’s devices and Push choices', async () => {
    const leaver = await signUpPlayer(app, 'push-leaver@playtime.test', 'pushleaver');
    const leaverId = await userIdOf(leaver);
    const device = makeDevice('leaver');
    expect((await leaver.post(PUSH_SUBSCRIPTIONS_PATH, subscriptionOf(device))).status).toBe(200);
    const admin = (await demoClients(app.url, 'admin'))[0]!;
    const deleted = await admin.post('/api/admin-delete-user', { userId: leaverId });
    expect(deleted.status, deleted.text).toBe(200);
    await waitFor('the deleted account’s subscription and Push choices gone', async () => {
      const { rows } = await db.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM push_subscriptions WHERE user_id = $1)
              + (SELECT count(*) FROM push_kinds WHERE user_id = $1) AS n`,
        [leaverId],
      );
      return Number(rows[0]!.n) === 0;
    });
  });

  it('holds an offer of a freed spot made at 03:00 in the player’s zone, for a game two days away, until 08:00 there, and starts its window then', async () => {
    const night = zoneAtHour(3);
    const gameId = await bookFreeGame(20, 21, 'Night Owls', { maxPlayers: 14, sidelineSize: 2 });
    const pitchPlayers = await Promise.all(
      Array.from({ length: 14 }, (_, n) => signUpPlayer(app, `owl${n}@playtime.test`, `owl${n}`)),
    );
    for (const [index, player] of pitchPlayers.entries()) {
      player.seesWritesOf(captain);
      expect((await joinIn(player, gameId, index < 7 ? 1 : 2, zoneAtHour(12))).status).toBe(200);
    }
    const sleeper = await signUpPlayer(app, 'sleeper@playtime.test', 'sleeper');
    const sleeperId = await userIdOf(sleeper);
    const device = makeDevice('sleeper');
    expect((await sleeper.post(PUSH_SUBSCRIPTIONS_PATH, subscriptionOf(device))).status).toBe(200);
    sleeper.seesWritesOf(pitchPlayers[13]!);
    expect((await joinIn(sleeper, gameId, 0, night)).status).toBe(200);
    // Someone awake in the same game, to see pushes go out while the sleeper's waits.
    const awake = makeDevice('awake');
    expect((await pitchPlayers[1]!.post(PUSH_SUBSCRIPTIONS_PATH, subscriptionOf(awake))).status).toBe(200);

    expect((await pitchPlayers[0]!.post('/api/leave-game', { gameId })).status).toBe(200);
    const offer = (await eventsOf(gameId)).flatMap((event) => (event.type === 'SpotOffered' ? [event.data] : []))[0]!;
    expect(offer.playerId).toBe(sleeperId);
    // 08:00 in the sleeper's zone: five hours after 03:00 there, on the hour.
    const offeredAt = Date.parse(offer.at);
    const morning = offeredAt - (offeredAt % HOUR) + 5 * HOUR;
    expect(Date.parse(at(20)) - offeredAt).toBeGreaterThan(24 * HOUR);
    // The window (two hours, the game being more than a day away) starts at 08:00, not now.
    expect(offer.expiresAt).toBe(new Date(morning + 2 * HOUR).toISOString());

    // The push and the mail of the offer wait for the morning, while others' pushes go.
    const held = await waitFor('the offer’s push written', async () => {
      const { rows } = await db.query<{ not_before: Date; queued: boolean; urgency: string }>(
        `SELECT not_before, queued, urgency FROM push_outbox WHERE endpoint = $1 AND kind = 'spot-offered'`,
        [device.endpoint],
      );
      return rows[0];
    });
    expect(held).toMatchObject({ queued: false, urgency: 'high' });
    expect(held.not_before.toISOString()).toBe(new Date(morning).toISOString());
    const mail = await waitFor('the offer’s mail written', async () => {
      const { rows } = await db.query<{ not_before: Date; queued: boolean }>(
        `SELECT not_before, queued FROM email_outbox WHERE kind = 'spot-offered' AND account_id = $1`,
        [sleeperId],
      );
      return rows[0];
    });
    expect(mail.queued).toBe(false);
    expect(mail.not_before.toISOString()).toBe(new Date(morning).toISOString());
    const daylight = await bookFreeGame(14, 15, 'Daylight Cup');
    pitchPlayers[1]!.seesWritesOf(captain);
    expect((await joinIn(pitchPlayers[1]!, daylight, 0, zoneAtHour(12))).status).toBe(200);
    await pushed(awake, /^You joined Daylight Cup on /);
    expect(pushesTo(device).filter((push) => /A spot opened/.test(decrypt(device, push).body))).toHaveLength(0);
    const { rows: stillHeld } = await db.query<{ queued: boolean }>(
      `SELECT queued FROM push_outbox WHERE endpoint = $1 AND kind = 'spot-offered'`,
      [device.endpoint],
    );
    expect(stillHeld).toEqual([{ queued: false }]);

    // 08:00 comes: the offer is pushed, urgent, with its text and link.
    app.push.moveClockTo(new Date(morning));
    const { push, payload } = await pushed(device, /^A spot opened on Team 1 in Night Owls on .+\. Take it by .+\.$/);
    expect(payload).toMatchObject({ title: 'A spot is offered to you', url: `/game-details/${gameId}` });
    expect(push.headers.urgency).toBe('high');
  }, 240_000);

  async function bookFreeGame(
    from: number,
    to: number,
    name: string,
    draft: Record<string, unknown> = {},
  ): Promise<string> {
    const { gameId } = await bookPaidGame(captain, anonymous, pitch, from, to, { name, price: '0', ...draft });
    return gameId;
  }
});

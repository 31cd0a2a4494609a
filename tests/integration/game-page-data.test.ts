/**
 * What the game page and the game card read (issue #41) over real HTTP: get-game-data names the
 * players the organizer removed (ids only) to everyone, so a page announces a removal as one; the
 * recent games list says why a cancelled game was cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail, GameInList } from '@playtime/shared/contract/games';
import { signUpPlayer } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, demoPeople, type DemoPerson } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at } from '../support/time';
import { waitFor } from '../support/wait';

describe('the game page data of issue #41 over HTTP', () => {
  let app: TestApp;
  let clients: Record<DemoPerson | 'anonymous', ApiClient>;
  let gameId: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ clients } = await demoPeople(app.url));
    const { subFieldId } = await addAvailableField(clients.owner, {
      name: 'Data Park',
      address: '41 Data St',
      subFieldName: 'Pitch A',
      startDate: at(8),
      endDate: at(23),
    });
    clients.captain.seesWritesOf(clients.owner);
    ({ gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 18, 19, { name: 'Data Match' }));
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('tells everyone who was removed, by id, and forgets them once allowed back', async () => {
    const newbie = await signUpPlayer(app, 'removed-newbie@playtime.test', 'removed_newbie');
    const newbieId = ((await newbie.get('/api/get-user')).json as { userId: string }).userId;
    for (const client of [clients.player, newbie]) {
      const joined = await client.seesWritesOf(clients.captain).post('/api/join-game', { gameId, team: 0 });
      expect(joined.status, joined.text).toBe(200);
      clients.captain.seesWritesOf(client);
    }
    const removed = await clients.captain.post('/api/remove-player', { gameId, participantId: newbieId });
    expect(removed.status, removed.text).toBe(200);

    // The player reads their own writes' wake; a guest, answered at once, sees it once it is projected.
    const seen = (await clients.player.seesWritesOf(clients.captain).get(`/api/get-game-data?gameId=${gameId}`))
      .json as GameDetail;
    expect(seen.removedPlayerIds).toEqual([newbieId]);
    const guest = await waitFor("the removal in a guest's answer", async () => {
      const game = (await clients.anonymous.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
      return game.removedPlayerIds?.length ? game : undefined;
    });
    expect(guest.removedPlayerIds).toEqual([newbieId]);
    const back = await clients.captain.post('/api/allow-player-back', { gameId, participantId: newbieId });
    expect(back.status, back.text).toBe(200);
    const game = (await clients.captain.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    expect(game.removedPlayerIds).toEqual([]);
  });

  it('lists a cancelled game among recent games as cancelled, with why', async () => {
    const cancelled = await clients.captain.post('/api/delete-game', { gameId });
    expect(cancelled.status, cancelled.text).toBe(200);
    const games = (await clients.player.seesWritesOf(clients.captain).get('/api/get-user-games')).json as GameInList[];
    const card = games.find((game) => game.gameId === gameId);
    expect(card).toMatchObject({ status: 'cancelled' });
    expect(card).toHaveProperty('cancellationReason', null);
  });
});

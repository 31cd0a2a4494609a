/**
 * A deleted account stops selling, over real HTTP on the standalone app: deleting a field owner takes
 * their field out of venue search and holds and cancels the games booked on it; deleting a captain
 * cancels their games; each time every paid rental and entry comes back in full, once, and the delete
 * dialog's preview said so beforehand. The deleted owner's ledger stays readable by an admin.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '@playtime/shared/contract/games';
import type { OwnerField } from '@playtime/shared/contract/fields';
import type { SystemStatus } from '@playtime/shared/contract/operations';
import { gameIdForHold } from '@playtime/shared/game-loop/book-held-slot/booking';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import {
  describeUserDeletion,
  type ReceiverLedger,
  type Role,
  type UserDeletionPreview,
} from '@playtime/shared/contract/users';
import { FIELD_WITHDRAWN } from '@playtime/shared/domain/availability/messages';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import { signUpPlayer } from '../support/accounts';
import type { ApiAnswer, ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, demoPeople, holdSlot, payInFull } from '../support/game-loop';
import { allWebhooksHandled, GOOD_CARD } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at } from '../support/time';
import { waitFor } from '../support/wait';

const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;

describe('deleted accounts stop selling', () => {
  let app: TestApp;
  let db: pg.Pool;
  let clients: Awaited<ReturnType<typeof demoPeople>>['clients'];
  let ids: Awaited<ReturnType<typeof demoPeople>>['ids'];
  /** The admin's own field: it stays on sale whoever else is deleted. */
  let adminPitch: string;

  const pay = (payer: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(payer, clients.anonymous, purpose, price);
  const bookGame = (
    captain: ApiClient,
    subFieldId: string,
    from: number,
    to: number,
    draft: Record<string, unknown> = {},
  ) => bookPaidGame(captain, clients.anonymous, subFieldId, from, to, draft);
  const hold = holdSlot;
  const checkout = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    client.post('/api/checkout', { price, purpose });

  /** The player pays the game's entry fee and joins: the entry payment's id. */
  async function joinPaid(player: ApiClient, gameId: string, priceCents: number): Promise<string> {
    const paymentId = await pay(player, { kind: 'entry', gameId }, priceCents);
    const joined = await player.post('/api/join-game', { gameId, team: 0, paymentId });
    expect(joined.status, joined.text).toBe(200);
    return paymentId;
  }

  const addField = async (owner: ApiClient, name: string, pricePerHour: number) =>
    (await addAvailableField(owner, { name, address: '1 Main St', price: pricePerHour })).subFieldId;

  /** A new account the admin gives a role; its calls see the new role. */
  async function signUpAs(role: Role, email: string, nickname: string): Promise<{ client: ApiClient; userId: string }> {
    const client = await signUpPlayer(app, email, nickname);
    const userId = ((await client.get('/api/get-user')).json as { userId: string }).userId;
    expect((await clients.admin.post('/api/admin-edit-user', { userId, role })).status).toBe(200);
    // The admin's read waits for the change, so the account's next calls find its role.
    await clients.admin.get('/api/get-users?page=0&pageSize=10');
    return { client: client.seesWritesOf(clients.admin), userId };
  }

  /** How many account-withdrawal jobs have finished. */
  const withdrawalsDone = async () => {
    const system = (await clients.admin.get('/api/admin/system')).json as SystemStatus;
    return system.jobs.find((queue) => queue.queue === JOB_QUEUES.accountWithdrawal)?.completed ?? 0;
  };

  const gameStatus = async (gameId: string) =>
    ((await clients.admin.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail).status;

  async function preview(userId: string): Promise<UserDeletionPreview> {
    return clients.admin.read<UserDeletionPreview>(`/api/admin/user-deletion-preview?userId=${userId}`);
  }

  /** Waits until each payment's refund is in the ledger, then answers them: exactly one refund per payment, of the amount it says. */
  async function refundsOf(paymentIds: string[]): Promise<Map<string, number>> {
    const rows = await waitFor(`the refunds of ${paymentIds.length} payments`, async () => {
      const { rows } = await db.query<{ payment_id: string; amount_cents: string }>(
        `SELECT payment_id, amount_cents FROM read.ledger_entries WHERE kind = 'refund' AND payment_id = ANY($1::text[])`,
        [paymentIds],
      );
      return new Set(rows.map((row) => row.payment_id)).size === paymentIds.length && rows;
    });
    // Refund jobs that would come twice have had time to: none did.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows: again } = await db.query<{ payment_id: string }>(
      `SELECT payment_id FROM read.ledger_entries WHERE kind = 'refund' AND payment_id = ANY($1::text[])`,
      [paymentIds],
    );
    expect(again).toHaveLength(paymentIds.length);
    for (const paymentId of paymentIds) {
      const paid = await app.payments.processor.retrievePayment(paymentId);
      expect(paid).toMatchObject({ status: 'succeeded', refundedCents: paid!.amountCents });
    }
    return new Map(rows.map((row) => [row.payment_id, Number(row.amount_cents)]));
  }

  const total = (amounts: Map<string, number>) => [...amounts.values()].reduce((sum, amount) => sum + amount, 0);

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    ({ clients, ids } = await demoPeople(app.url));
    adminPitch = await addField(clients.admin, 'Admiral Grounds', 30);
    for (const who of ['captain', 'player', 'owner'] as const) clients[who].seesWritesOf(clients.admin);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it("withdraws a deleted owner's field from search and holds, and cancels its games with every rental and entry refunded once", async () => {
    const doomedPitch = await addField(clients.owner, 'Doomed Meadow', 40);
    clients.captain.seesWritesOf(clients.owner);
    const evening = await bookGame(clients.captain, doomedPitch, 18, 19.5, { name: 'Evening on the Meadow', price: 5 });
    const late = await bookGame(clients.captain, doomedPitch, 20, 21, { name: 'Late on the Meadow' });
    // The captain's game on someone else's field is not the deleted owner's business.
    const elsewhere = await bookGame(clients.captain, adminPitch, 18, 19, { name: 'Elsewhere' });
    clients.player.seesWritesOf(clients.captain);
    const entryPaymentId = await joinPaid(clients.player, evening.gameId, 500);
    clients.admin.seesWritesOf(clients.player);

    expect((await clients.captain.get('/api/get-fields-by-name?name=Doomed')).json).toHaveLength(1);
    const promised = await preview(ids.owner);
    expect(promised).toEqual({
      userId: ids.owner,
      fields: 1,
      upcomingGames: 2,
      refundCents: evening.rentalCents + late.rentalCents + 500,
      gamesLeft: [],
    });

    expect((await clients.admin.post('/api/admin-delete-user', { userId: ids.owner })).status).toBe(200);
    for (const game of [evening, late])
      await waitFor(`${game.gameId} to be cancelled`, async () => (await gameStatus(game.gameId)) === 'cancelled');

    // Gone from venue search; its sub-field's own stream refuses a hold and says why.
    await waitFor(
      'the field to leave venue search',
      async () =>
        ((await clients.captain.get('/api/get-fields-by-name?name=Doomed')).json as OwnerField[]).length === 0,
    );
    const refused = await hold(clients.captain, doomedPitch, 14, 15);
    expect(refused.status, refused.text).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'field_withdrawn', message: FIELD_WITHDRAWN });
    // A cancelled game takes no paid join: there is nothing to pay for.
    const entry = await checkout(clients.captain, { kind: 'entry', gameId: evening.gameId }, 500);
    expect(entry.status).toBe(404);
    expect(errorOf(entry).code).toBe('purpose_not_found');

    const refunds = await refundsOf([evening.rentalPaymentId, late.rentalPaymentId, entryPaymentId]);
    expect(total(refunds)).toBe(promised.refundCents);
    expect(await gameStatus(elsewhere.gameId)).toBe('scheduled');

    // The deleted owner's ledger stays: an admin reads both rentals and both refunds, and the balance they leave.
    const ledger = await clients.admin.get(`/api/admin/ledger?userId=${ids.owner}`);
    expect(ledger.status, ledger.text).toBe(200);
    const { deleted, entries, balanceCents } = ledger.json as ReceiverLedger;
    expect(deleted).toBe(true);
    for (const { rentalPaymentId, rentalCents } of [evening, late]) {
      expect(entries).toContainEqual(
        expect.objectContaining({ paymentId: rentalPaymentId, kind: 'payment', amountCents: rentalCents }),
      );
      expect(entries).toContainEqual(
        expect.objectContaining({ paymentId: rentalPaymentId, kind: 'refund', amountCents: rentalCents }),
      );
    }
    const signed = { payment: 1, refund: -1, fee: -1 } as const;
    expect(balanceCents).toBe(entries.reduce((sum, row) => sum + signed[row.kind] * row.amountCents, 0));
    // Other people's ledgers are for admins only.
    expect((await clients.player.get(`/api/admin/ledger?userId=${ids.owner}`)).status).toBe(403);
  });

  it("cancels a deleted captain's upcoming games, refunding the rental and every entry once, as the preview said", async () => {
    const { client: captain, userId: captainId } = await signUpAs(
      'captain',
      'short-lived-captain@playtime.test',
      'shortlived',
    );
    const game = await bookGame(captain, adminPitch, 20, 22, { name: 'Short-lived Kickabout', price: 7.5 });
    clients.player.seesWritesOf(captain);
    const entryPaymentId = await joinPaid(clients.player, game.gameId, 750);
    clients.admin.seesWritesOf(clients.player);

    const promised = await preview(captainId);
    expect(promised).toEqual({
      userId: captainId,
      fields: 0,
      upcomingGames: 1,
      refundCents: game.rentalCents + 750,
      gamesLeft: [],
    });
    expect((await clients.admin.post('/api/admin-delete-user', { userId: captainId })).status).toBe(200);
    await waitFor('the game to be cancelled', async () => (await gameStatus(game.gameId)) === 'cancelled');

    const refunds = await refundsOf([game.rentalPaymentId, entryPaymentId]);
    expect(total(refunds)).toBe(promised.refundCents);
    // The game takes no more joins, and its time is free again on the field, which stays on sale.
    const joined = await clients.captain.post('/api/join-game', { gameId: game.gameId, team: 0 });
    expect(errorOf(joined).code).toBe('game_cancelled');
    expect(
      ((await clients.captain.get('/api/get-fields-by-name?name=Admiral')).json as OwnerField[]).map(
        (field) => field.fieldName,
      ),
    ).toEqual(['Admiral Grounds']);
    await waitFor(
      'the slot to be free again',
      async () => (await hold(clients.captain, adminPitch, 20, 21)).status === 200,
    );
  });

  it("withdraws a game its deleted captain's payment books after the deletion, refunding the rental", async () => {
    const { client: captain, userId: captainId } = await signUpAs(
      'captain',
      'in-flight-captain@playtime.test',
      'inflight',
    );
    const held = await hold(captain, adminPitch, 9, 10, { name: 'In-flight Booking' });
    expect(held.status, held.text).toBe(200);
    const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
    const secret = await checkout(captain, { kind: 'rental', holdId, subFieldId: adminPitch }, rentalCents);
    expect(secret.status, secret.text).toBe(200);
    // The account goes while the captain's card form is open, and the deletion's job finishes (finding no
    // game of theirs); only then does the payment succeed, and its webhook books the hold.
    const before = await withdrawalsDone();
    expect((await clients.admin.post('/api/admin-delete-user', { userId: captainId })).status).toBe(200);
    await waitFor("the deletion's job", async () => (await withdrawalsDone()) > before);
    expect(
      (await clients.anonymous.post('/api/payments/simulated/confirm', { clientSecret: secret.text, ...GOOD_CARD }))
        .status,
    ).toBe(200);
    const rentalPaymentId = paymentIdOfClientSecret(secret.text)!;
    const refunds = await refundsOf([rentalPaymentId]);
    expect(total(refunds)).toBe(rentalCents);
    await waitFor(
      'the booked game to be cancelled',
      async () => (await gameStatus(gameIdForHold(holdId))) === 'cancelled',
    );
  });

  it('leaves nothing sold on a field whose owner is deleted while captains hold, pay and book on it', async () => {
    const { client: owner, userId: ownerId } = await signUpAs(
      'field owner',
      'racing-owner@playtime.test',
      'racingowner',
    );
    const pitch = await addField(owner, 'Contested Common', 20);
    clients.captain.seesWritesOf(owner);

    // Twelve one-hour slots held, paid and booked at once; the owner is deleted as soon as two are booked, while the others go on.
    const paidRentals: string[] = [];
    let booked = 0;
    let twoBooked!: () => void;
    const deletion = new Promise<void>((resolve) => (twoBooked = resolve)).then(async () => {
      expect((await clients.admin.post('/api/admin-delete-user', { userId: ownerId })).status).toBe(200);
    });
    // A call that lost its race for the sub-field's stream too often is answered 'try again' (409 conflict): a captain would.
    const tried = async (call: () => Promise<ApiAnswer>) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await call();
        if (answer.status !== 409 || errorOf(answer).code !== 'conflict' || attempt === 5) return answer;
      }
    };
    const flow = async (hour: number) => {
      const held = await tried(() => hold(clients.captain, pitch, hour, hour + 1));
      if (held.status !== 200) return expect(errorOf(held).code).toBe('field_withdrawn');
      const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
      const secret = await checkout(clients.captain, { kind: 'rental', holdId, subFieldId: pitch }, rentalCents);
      if (secret.status !== 200) return expect(errorOf(secret).code).toBe('purpose_not_found');
      expect(
        (await clients.anonymous.post('/api/payments/simulated/confirm', { clientSecret: secret.text, ...GOOD_CARD }))
          .status,
      ).toBe(200);
      const paymentId = paymentIdOfClientSecret(secret.text)!;
      paidRentals.push(paymentId);
      const added = await tried(() => clients.captain.post('/api/add-game', { subFieldId: pitch, holdId, paymentId }));
      if (added.status !== 200) return expect(errorOf(added).code).toBe('field_withdrawn');
      if (++booked === 2) twoBooked();
    };
    await Promise.all([...Array.from({ length: 12 }, (_, index) => flow(9 + index)), deletion]);
    expect(booked).toBeGreaterThanOrEqual(2);
    await allWebhooksHandled(db);

    // Every rental paid comes back in full, once: by its game's cancellation, or, when its booking was refused, by its webhook.
    expect(paidRentals.length).toBeGreaterThan(0);
    await refundsOf(paidRentals);
    await waitFor('every game on the field to be cancelled', async () => {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM read.games WHERE sub_field_id = $1', [
        pitch,
      ]);
      return rows.length >= booked && rows.every((row) => row.status === 'cancelled');
    });
    const after = await hold(clients.captain, pitch, 22, 23);
    expect(errorOf(after).code).toBe('field_withdrawn');
  }, 60_000);

  it('takes a deleted player out of their upcoming games with their entries refunded once, as the preview listed (issue #41)', async () => {
    const { client: leaver, userId: leaverId } = await signUpAs('player', 'leaver@deleted.test', 'leaver');
    leaver.seesWritesOf(clients.captain);
    const paid = await bookGame(clients.captain, adminPitch, 12, 13, { name: 'Paid Noon Game', price: 6 });
    const free = await bookGame(clients.captain, adminPitch, 14, 15, { name: 'Free Afternoon Game', price: 0 });
    leaver.seesWritesOf(clients.captain);
    const entryPaymentId = await joinPaid(leaver, paid.gameId, 600);
    expect((await leaver.post('/api/join-game', { gameId: free.gameId, team: 1 })).status).toBe(200);
    clients.admin.seesWritesOf(leaver);

    const promised = await preview(leaverId);
    expect(promised).toEqual({
      userId: leaverId,
      fields: 0,
      upcomingGames: 0,
      refundCents: 600,
      gamesLeft: [
        { gameId: paid.gameId, name: 'Paid Noon Game', startDate: at(12), refundCents: 600 },
        { gameId: free.gameId, name: 'Free Afternoon Game', startDate: at(14), refundCents: 0 },
      ],
    });
    expect(describeUserDeletion(promised)).toBe('Removes them from 2 upcoming games, refunds $6.00');

    expect((await clients.admin.post('/api/admin-delete-user', { userId: leaverId })).status).toBe(200);
    const members = async (gameId: string) => {
      const game = (await clients.admin.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
      return [...game.team_1, ...game.team_2, ...game.sideline].map((participant) => participant.userId);
    };
    for (const game of [paid, free])
      await waitFor(
        `the deleted player out of ${game.gameId}`,
        async () => !(await members(game.gameId)).includes(leaverId),
      );
    const refunds = await refundsOf([entryPaymentId]);
    expect(total(refunds)).toBe(promised.refundCents);
    // Nobody removed them: the organizer has no one to allow back, and both games go ahead.
    const game = (await clients.captain.get(`/api/get-game-data?gameId=${paid.gameId}`)).json as GameDetail;
    expect(game.removed).toEqual([]);
    expect(game.status).toBe('scheduled');
  });

  it('takes a deleted player out of the game their entry payment joins after the deletion, refunding it (issue #41)', async () => {
    const { client: late, userId: lateId } = await signUpAs('player', 'late-payer@deleted.test', 'latepayer');
    const game = await bookGame(clients.captain, adminPitch, 10, 11, { name: 'Late Payment Game', price: 4 });
    late.seesWritesOf(clients.captain);
    const secret = await checkout(late, { kind: 'entry', gameId: game.gameId }, 400);
    expect(secret.status, secret.text).toBe(200);
    // The account goes while the card form is open and the deletion's job finishes (finding no game of
    // theirs); only then does the payment succeed, and its webhook joins the game.
    const before = await withdrawalsDone();
    expect((await clients.admin.post('/api/admin-delete-user', { userId: lateId })).status).toBe(200);
    await waitFor("the deletion's job", async () => (await withdrawalsDone()) > before);
    const confirmed = await clients.anonymous.post('/api/payments/simulated/confirm', {
      clientSecret: secret.text,
      ...GOOD_CARD,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const entryPaymentId = paymentIdOfClientSecret(secret.text)!;
    expect(total(await refundsOf([entryPaymentId]))).toBe(400);
    const data = (await clients.admin.get(`/api/get-game-data?gameId=${game.gameId}`)).json as GameDetail;
    expect([...data.team_1, ...data.team_2, ...data.sideline].map((one) => one.userId)).not.toContain(lateId);
    expect(data.status).toBe('scheduled');
  });

  it('previews only for admins, and answers a clear 4xx for an unknown or deleted account', async () => {
    expect((await clients.captain.get(`/api/admin/user-deletion-preview?userId=${ids.player}`)).status).toBe(403);
    expect(await preview(ids.player)).toEqual({
      userId: ids.player,
      fields: 0,
      upcomingGames: 0,
      refundCents: 0,
      gamesLeft: [],
    });
    const unknown = await clients.admin.get('/api/admin/user-deletion-preview?userId=nobody-here');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    const deleted = await clients.admin.get(`/api/admin/user-deletion-preview?userId=${ids.owner}`);
    expect(deleted.status).toBe(409);
    expect((await clients.admin.get('/api/admin/user-deletion-preview')).status).toBe(400);
  });
});

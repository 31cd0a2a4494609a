/**
 * The money path under hostile delivery, on the standalone app (embedded PostgreSQL, or the machine's
 * with DATABASE_URL): a rental, three paid entries, a move and two partial refunds; then every webhook
 * the processor sent is delivered a thousand times more in a shuffled order, and again with the inbox's
 * memory of handled events wiped (so every handler runs again, concurrently); then forged, stale and
 * misrouted webhooks. The event log, the ledger, the booking, the roster and the balances end exactly
 * as they were.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '@playtime/shared/contract/games';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { signUpPlayer, signedIn } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { bookPaidGame, payInFull } from '../support/game-loop';
import {
  allWebhooksHandled,
  postWebhook,
  sentWebhooks,
  shuffled,
  signedBy,
  type WebhookAnswer,
} from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const ENTRY_CENTS = 750;
const COPIES = 1000;

/** Posts every payload with at most `concurrency` requests in flight; the answers in order. */
async function deliverAll(
  appUrl: string,
  payloads: string[],
  sign: (payload: string) => string,
  concurrency: number,
): Promise<WebhookAnswer[]> {
  const answers: WebhookAnswer[] = new Array(payloads.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < payloads.length) {
        const index = next++;
        answers[index] = await postWebhook(appUrl, payloads[index]!, sign(payloads[index]!));
      }
    }),
  );
  return answers;
}

describe('the money path under duplicated, shuffled, replayed and forged webhooks', () => {
  let app: TestApp;
  let db: pg.Pool;
  let captain: ApiClient;
  let anonymous: ApiClient;
  let gameId: string;
  let sign: (payload: string, timestampSeconds?: number) => string;

  const pay = (client: ApiClient, purpose: PaymentPurpose, price: number) =>
    payInFull(client, anonymous, purpose, price);

  /** Everything the money path decides: the whole event log, the balances, the booking and the roster as players see them. */
  const state = async () => {
    const log = await db.query('SELECT global_position, stream_id, type, data FROM es_events ORDER BY global_position');
    const balances = await db.query('SELECT * FROM read.balances ORDER BY receiver_id');
    const game = (await anonymous.get(`/api/get-game-data?gameId=${gameId}`)).json as GameDetail;
    const roster = (['team_1', 'team_2', 'sideline'] as const).map((team) =>
      game[team].map((participant) => participant.userId).sort(),
    );
    const bookings = await db.query(
      `SELECT stream_id, type, data FROM es_events WHERE stream_id LIKE 'sub-field-%' ORDER BY global_position`,
    );
    return { log: log.rows, balances: balances.rows, roster, bookings: bookings.rows };
  };

  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    sign = signedBy(app.payments.simulated!.signingSecret);
    anonymous = new ApiClient(app.url, null);
    const owner = await signedIn(app.url, 'owner');
    captain = await signedIn(app.url, 'captain');
    const { subFieldId } = await addAvailableField(owner, { name: 'Hardened Park', address: '5 Main St' });
    captain.seesWritesOf(owner);

    ({ gameId } = await bookPaidGame(captain, anonymous, subFieldId, 18, 20, {
      name: 'Hardened Game',
      maxPlayers: 14,
      price: ENTRY_CENTS / 100,
    }));

    const entries: string[] = [];
    for (const n of [1, 2, 3]) {
      const player = await signUpPlayer(app, `hardened${n}@playtime.test`, `hardened${n}`);
      player.seesWritesOf(captain);
      const paymentId = await pay(player, { kind: 'entry', gameId }, ENTRY_CENTS);
      expect((await player.post('/api/join-game', { gameId, team: 0, paymentId })).status).toBe(200);
      if (n === 1) expect((await player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
      entries.push(paymentId);
    }
    // Two partial refunds of the third entry (by the processor, as from its dashboard): they add up, never past the payment.
    await app.payments.processor.refund({
      paymentId: entries[2]!,
      amountCents: 250,
      idempotencyKey: 'hardening-refund-1',
    });
    await app.payments.processor.refund({
      paymentId: entries[2]!,
      amountCents: 300,
      idempotencyKey: 'hardening-refund-2',
    });
    await expect(
      app.payments.processor.refund({ paymentId: entries[2]!, amountCents: 201, idempotencyKey: 'hardening-refund-3' }),
    ).rejects.toThrow(/200/);
    await allWebhooksHandled(db);
    // The projections caught up with the last refund.
    await waitFor(
      'the refunds in the balances',
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM read.ledger_entries WHERE kind = 'refund'`)).rows[0].n === 2,
    );
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.dispose();
  });

  it(`leaves everything as it was when every webhook comes ${COPIES} times more, shuffled`, async () => {
    const before = await state();
    const sent = await sentWebhooks(db);
    expect(sent.map((event) => event.type).sort()).toEqual([
      'charge.refunded',
      'charge.refunded',
      'payment_intent.succeeded',
      'payment_intent.succeeded',
      'payment_intent.succeeded',
      'payment_intent.succeeded',
    ]);
    const copies = shuffled(
      sent.flatMap((event) => Array.from({ length: COPIES }, () => event.payload)),
      20261124,
    );
    const answers = await deliverAll(app.url, copies, sign, 64);
    expect(answers.filter((answer) => answer.status !== 200 || answer.body.duplicate !== true)).toEqual([]);
    expect(await state()).toEqual(before);
  }, 300_000);

  it('leaves everything as it was when the inbox forgot what it handled and every handler runs again, concurrently', async () => {
    const before = await state();
    await db.query('TRUNCATE payment_webhook_events');
    const sent = await sentWebhooks(db);
    const copies = shuffled(
      sent.flatMap((event) => Array.from({ length: 25 }, () => event.payload)),
      7,
    );
    const answers = await deliverAll(app.url, copies, sign, 32);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Each event was handled anew (the first copy to arrive ran its handlers) and is remembered again.
    expect(answers.filter((answer) => answer.body.duplicate === false).length).toBeGreaterThanOrEqual(sent.length);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_webhook_events')).rows[0]!.n).toBe(
      sent.length,
    );
    expect(await state()).toEqual(before);
    // No refund was made of anything bought: the processor holds only the two partial refunds.
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM simulated_payments.refunds');
    expect(rows[0]!.n).toBe(2);
  }, 300_000);

  it("refuses a forged, stale or misrouted webhook with 400, acknowledges a connected account's own, and changes nothing", async () => {
    const before = await state();
    const [succeeded] = (await sentWebhooks(db)).filter((event) => event.type === 'payment_intent.succeeded');
    const original = JSON.parse(succeeded!.payload) as { id: string; data: { object: Record<string, unknown> } };
    const fresh = (change: (event: typeof original) => void) => {
      const event = structuredClone(original);
      event.id = `evt_hostile_${Math.random().toString(36).slice(2)}`;
      change(event);
      return JSON.stringify(event);
    };
    const misrouted = fresh((event) => {
      event.data.object.transfer_data = { destination: 'acct_sim_someone_else' };
    });
    const fromConnectedAccount = fresh((event) => Object.assign(event, { account: 'acct_sim_someone_else' }));
    const tampered = fresh(() => undefined);
    const cases: Array<[string, string | undefined, RegExp]> = [
      [tampered, signedBy('whsec_not_the_processors')(tampered), /signature/i],
      [tampered, sign(tampered, Math.floor(Date.now() / 1000) - 3600), /tolerance|timestamp/i],
      [tampered, undefined, /missing/i],
      [misrouted, sign(misrouted), /acct_sim_someone_else.*not the connected account/],
    ];
    for (const [payload, signature, reason] of cases) {
      const answer = await postWebhook(app.url, payload, signature);
      expect(answer.status, payload).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'webhook_refused', message: expect.stringMatching(reason) });
    }
    // A connected account's own payment is none of the platform's: acknowledged (Stripe would retry
    // anything else, and in the end disable the endpoint), recorded as ignored, and nothing booked.
    const ignored = await postWebhook(app.url, fromConnectedAccount, sign(fromConnectedAccount));
    expect(ignored).toMatchObject({
      status: 200,
      body: { received: true, ignored: expect.stringMatching(/connected account acct_sim_someone_else/) },
    });
    expect(await state()).toEqual(before);
  });
});

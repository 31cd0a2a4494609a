import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createPool } from '../infra/db/pool';
import { PostgresEventStore } from '../infra/eventstore/postgres/postgres-event-store';
import type { CreatePaymentInput } from '../infra/payments/port';

/** A card the simulated processor accepts (test-cards.ts); DECLINED_CARD is one it declines. */
export const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
export const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000000000000002' };

export interface PaymentsDatabase {
  url: string;
  pool: ReturnType<typeof createPool>;
  store: PostgresEventStore;
}

/**
 * A fresh database with a pool and an event store on it, for the payments tests of one describe
 * block: made before its tests (filled in then: read its fields inside a test or a later hook), and
 * closed and dropped after them.
 */
export function paymentsDatabase(prefix: string): PaymentsDatabase {
  const parts = {} as PaymentsDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(prefix);
    drop = database.drop;
    parts.url = database.url;
    parts.pool = createPool(database.url, { max: 10 });
    parts.store = await PostgresEventStore.connect(database.url);
  });
  afterAll(async () => {
    await parts.store?.close();
    await parts.pool?.end();
    await drop?.();
  });
  return parts;
}

/** A payment to create: an entry to game-1, paid by p to organizer-1, 9 dollars, unless it says otherwise. */
export function paymentRequest(
  request: Partial<CreatePaymentInput> & Pick<CreatePaymentInput, 'idempotencyKey'>,
): CreatePaymentInput {
  return {
    amountCents: 900,
    currency: 'usd',
    purpose: { kind: 'entry', gameId: 'game-1' },
    payerId: 'p',
    receiverId: 'organizer-1',
    ...request,
  };
}

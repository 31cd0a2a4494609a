/**
 * The organize and play steps tests of the game loop take over HTTP: paying with 4242…, holding and
 * booking games. Fields are built in ./fields and the demo people signed in by ./accounts.
 */
import { expect } from 'vitest';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import type { ApiClient } from './api-client';
import { demoPeople } from './accounts';
import { GOOD_CARD } from './payments';
import { addAvailability, addAvailableField } from './fields';
import { at } from './time';

// The field and demo-account builders moved to ./fields and ./accounts; tests that import them from here still find them.
export { addAvailableField, addNewYorkField } from './fields';
export { demoPeople, type DemoPerson } from './accounts';

/** Checks out a purpose and pays it with the simulated processor's good card: the succeeded payment's id. */
export async function payInFull(
  payer: ApiClient,
  anonymous: ApiClient,
  purpose: PaymentPurpose,
  price: number,
): Promise<string> {
  const secret = await payer.post('/api/checkout', { price, purpose });
  expect(secret.status, secret.text).toBe(200);
  const confirmed = await anonymous.post('/api/payments/simulated/confirm', {
    clientSecret: secret.text,
    ...GOOD_CARD,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return paymentIdOfClientSecret(secret.text)!;
}

/** Holds a slot on the day after tomorrow from `from` to `to` o'clock (UTC), with the game's draft. */
export const holdSlot = (
  captain: ApiClient,
  subFieldId: string,
  from: number,
  to: number,
  draft: Record<string, unknown> = {},
) => captain.post('/api/hold-slot', { subFieldId, startDate: at(from), endDate: at(to), ...draft });

export interface PaidBooking {
  gameId: string;
  rentalPaymentId: string;
  rentalCents: number;
}

/** Holds, pays the rental and books a game as `captain`. */
export async function bookPaidGame(
  captain: ApiClient,
  anonymous: ApiClient,
  subFieldId: string,
  from: number,
  to: number,
  draft: Record<string, unknown> = {},
): Promise<PaidBooking> {
  return bookPaidGameBetween(captain, anonymous, subFieldId, at(from), at(to), draft);
}

/** Holds, pays the rental and books a game as `captain` from `startDate` to `endDate` (ISO instants). */
export async function bookPaidGameBetween(
  captain: ApiClient,
  anonymous: ApiClient,
  subFieldId: string,
  startDate: string,
  endDate: string,
  draft: Record<string, unknown> = {},
): Promise<PaidBooking> {
  const held = await captain.post('/api/hold-slot', { subFieldId, startDate, endDate, ...draft });
  expect(held.status, held.text).toBe(200);
  const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
  const rentalPaymentId = await payInFull(captain, anonymous, { kind: 'rental', holdId, subFieldId }, rentalCents);
  const added = await captain.post('/api/add-game', { subFieldId, holdId, paymentId: rentalPaymentId });
  expect(added.status, added.text).toBe(200);
  return { gameId: (added.json as { gameId: string }).gameId, rentalPaymentId, rentalCents };
}

/**
 * The demo people, a field of the owner's available from 9:00 to 22:00 on the test day, the captain's
 * free game on it from `from` to `to` o'clock, and the demo player in it on `team`: what a browser
 * test of a player's own game starts from.
 */
export async function demoPlayerInGame(
  appUrl: string,
  place: { name: string; address: string; subFieldName: string },
  game: { name: string; from: number; to: number; team: 0 | 1 | 2 },
): Promise<{ gameId: string }> {
  const { clients } = await demoPeople(appUrl);
  const { subFieldId } = await addAvailableField(clients.owner, { ...place, startDate: at(9), endDate: at(22) });
  const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, game.from, game.to, {
    name: game.name,
    price: '0',
  });
  const joined = await clients.player.post('/api/join-game', { gameId, team: game.team });
  expect(joined.status, joined.text).toBe(200);
  return { gameId };
}

/**
 * A field of the owner's available from 17:00 to 22:00 on the test day and on the same day of the
 * weeks after, and the captain's weekly series on it from 18:00 to 19:00, every week paid in one
 * payment: the first week's game id.
 */
export async function bookWeeklySeries(
  clients: Record<'owner' | 'captain' | 'anonymous', ApiClient>,
  place: { name: string; address: string; subFieldName: string },
  series: { name: string; weeks: number },
): Promise<{ gameId: string }> {
  const week = (index: number, hours: number) => new Date(Date.parse(at(hours)) + index * 7 * 24 * 3_600_000);
  const { subFieldId } = await addAvailableField(clients.owner, { ...place, startDate: at(17), endDate: at(22) });
  for (let index = 1; index < series.weeks; index++)
    await addAvailability(clients.owner, subFieldId, {
      startDate: week(index, 17).toISOString(),
      endDate: week(index, 22).toISOString(),
    });
  clients.captain.seesWritesOf(clients.owner);
  const held = await holdSlot(clients.captain, subFieldId, 18, 19, { name: series.name, repeatWeeks: series.weeks });
  expect(held.status, held.text).toBe(200);
  const { holdId, rentalCents } = held.json as { holdId: string; rentalCents: number };
  const paymentId = await payInFull(
    clients.captain,
    clients.anonymous,
    { kind: 'rental', holdId, subFieldId },
    rentalCents,
  );
  const added = await clients.captain.post('/api/add-game', { subFieldId, holdId, paymentId });
  expect(added.status, added.text).toBe(200);
  return { gameId: (added.json as { gameId: string }).gameId };
}

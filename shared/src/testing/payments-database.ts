import type { CreatePaymentInput } from '../infra/payments/port';

/** A card the simulated processor accepts (test-cards.ts); DECLINED_CARD is one it declines. */
export const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
export const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000000000000002' };

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

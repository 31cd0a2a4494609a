/** Stripe's test cards, read the way a card form's processor reads them. No card number is ever kept. */

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'needs_action' }
  | { kind: 'declined'; code: string; message: string }
  /** The bank takes the payment and answers later, with a decline (the processor's `processingMs`). */
  | { kind: 'processing_then_declined'; code: string; message: string };

/** The bank's later answer to a payment it was processing: a decline like a card's at once. */
export const BANK_DECLINED = { code: 'card_declined', message: 'Your bank declined the payment.' };

export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '4000000000000002': { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { kind: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' },
  '4000002760003184': { kind: 'needs_action' },
  // Not one of Stripe's cards (its card tests are answered at once): the simulated processor's own, so
  // that a payment the bank is still processing, and fails later, can be tried end to end.
  '4000000000001729': { kind: 'processing_then_declined', ...BANK_DECLINED },
};

export type ReadCard = { ok: true; last4: string; outcome: CardOutcome } | { ok: false; code: string; message: string };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the card's form the way Stripe.js does before anything is charged, then says what the test card does. */
export function readCard(card: CardInput, now: Date): ReadCard {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50)
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, card.expMonth, 1) <= now.getTime())
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  const outcome = TEST_CARDS[digits];
  if (!outcome) {
    return {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined: this is a test payment, use a test card such as 4242 4242 4242 4242.',
    };
  }
  return { ok: true, last4: digits.slice(-4), outcome };
}

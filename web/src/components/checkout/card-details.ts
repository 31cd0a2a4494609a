/**
 * The simulated card form's pure parts: reading what the person typed, the messages that say what to
 * fix, and what to do after a decline. The card number only travels to the confirmation call; it is
 * never kept.
 */

/** The processor's test cards, shown as a hint under the form. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0027 6000 3184', outcome: 'asks you to authenticate' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
  { number: '4000 0000 0000 0069', outcome: 'is expired' },
  { number: '4000 0000 0000 1729', outcome: 'is processed by your bank, then declined' },
] as const;

export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 19);
}

/** '4242424242424242' → '4242 4242 4242 4242' as the person types. */
export function formatCardNumber(text: string): string {
  return cardDigits(text).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MMYY' typed any way → 'MM / YY'. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the form like a card processor's own fields do; `now` decides whether the expiry has passed. */
export function readCardForm(values: CardFormValues, now: Date): { card: CardDetails } | { errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const digits = cardDigits(values.cardNumber);
  if (digits.length < 12 || !luhnValid(digits)) errors.cardNumber = 'Your card number is incomplete or invalid.';

  const expiry = values.expiry.replace(/\D/g, '');
  const expMonth = Number(expiry.slice(0, 2));
  const expYear = 2000 + Number(expiry.slice(2, 4));
  if (expiry.length !== 4 || expMonth < 1 || expMonth > 12) {
    errors.expiry = "Enter the card's expiry date as MM / YY.";
  } else if (expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1)) {
    errors.expiry = "Your card's expiry date is in the past.";
  }

  const cvc = values.cvc.replace(/\D/g, '');
  if (cvc.length < 3 || cvc.length > 4) errors.cvc = "Enter the card's 3 or 4 digit security code (CVC).";

  if (Object.keys(errors).length > 0) return { errors };
  return { card: { cardNumber: digits, expMonth, expYear, cvc } };
}

/** The error the confirmation call answers with on a failed payment: a decline code and/or a message. */
export type PaymentFailure = string | { code?: string; decline_code?: string; message?: string } | null | undefined;

const ADVICE: Record<string, string> = {
  card_declined: 'Your card was declined. Try another card, or ask your bank why it was refused.',
  generic_decline: 'Your card was declined. Try another card, or ask your bank why it was refused.',
  insufficient_funds: 'Your card has insufficient funds. Use another card.',
  expired_card: 'Your card has expired. Check the expiry date or use another card.',
  incorrect_cvc: "The card's security code is incorrect. Check the CVC and try again.",
  authentication_failed: 'The payment was not authenticated. Try again and approve it, or use another card.',
  payment_intent_authentication_failure:
    'The payment was not authenticated. Try again and approve it, or use another card.',
};

/** What the person reads after a failed payment: what happened and what to do next. */
export function declineMessage(failure: PaymentFailure): string {
  if (typeof failure === 'string') return ADVICE[failure] ?? failure;
  const code = failure?.decline_code ?? failure?.code;
  if (code && ADVICE[code]) return ADVICE[code];
  if (failure?.message) return `${failure.message} Try again or use another card.`;
  return 'The payment did not go through. Try again or use another card.';
}

/** The client secret reads `{paymentId}_secret_{random}`, as Stripe's does. */
export function paymentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

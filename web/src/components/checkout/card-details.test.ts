import { describe, expect, it } from 'vitest';
import { declineMessage, formatCardNumber, formatExpiry, paymentIdOf, readCardForm, TEST_CARDS } from './card-details';

const NOW = new Date('2026-06-10T12:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('the card form', () => {
  it('groups the card number and the expiry as the person types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('reads a valid card into the confirmation call', () => {
    expect(readCardForm(good, NOW)).toEqual({
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('accepts every test card', () => {
    for (const { number } of TEST_CARDS)
      expect(readCardForm({ ...good, cardNumber: number }, NOW)).toHaveProperty('card');
  });

  it('says what to fix for each field', () => {
    const result = readCardForm({ cardNumber: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '1' }, NOW);
    expect(result).toEqual({
      errors: {
        cardNumber: 'Your card number is incomplete or invalid.',
        expiry: "Enter the card's expiry date as MM / YY.",
        cvc: "Enter the card's 3 or 4 digit security code (CVC).",
      },
    });
  });

  it('refuses an expiry in the past but accepts this month', () => {
    expect(readCardForm({ ...good, expiry: '05 / 26' }, NOW)).toEqual({
      errors: { expiry: "Your card's expiry date is in the past." },
    });
    expect(readCardForm({ ...good, expiry: '06 / 26' }, NOW)).toHaveProperty('card');
  });
});

describe('declineMessage', () => {
  it('tells the person what to do for each decline', () => {
    expect(declineMessage({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'x' })).toMatch(
      /insufficient funds\. Use another card/,
    );
    expect(declineMessage('expired_card')).toMatch(/expired.*another card/);
    expect(declineMessage({ code: 'card_declined' })).toMatch(/declined\. Try another card/);
  });

  it("keeps the processor's own message when it has no advice for the code", () => {
    expect(declineMessage({ message: 'Card refused by issuer.' })).toBe(
      'Card refused by issuer. Try again or use another card.',
    );
    expect(declineMessage('Card refused by issuer.')).toBe('Card refused by issuer.');
    expect(declineMessage(undefined)).toMatch(/did not go through/);
  });
});

describe('paymentIdOf', () => {
  it('reads the payment id from the client secret', () => {
    expect(paymentIdOf('pay_123_secret_abc')).toBe('pay_123');
  });
});

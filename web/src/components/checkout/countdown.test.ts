import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown';
import { paymentsConfigOf } from './processor';

describe('the hold countdown', () => {
  it('counts down to the expiry and stops at zero', () => {
    const now = new Date('2026-06-10T12:00:00.000Z');
    expect(remainingMs('2026-06-10T12:09:05.000Z', now)).toBe(545_000);
    expect(remainingMs('2026-06-10T11:59:00.000Z', now)).toBe(0);
  });

  it('shows minutes and seconds, rounding up', () => {
    expect(formatCountdown(545_000)).toBe('9:05');
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('shows hours and minutes above an hour, never minutes past sixty', () => {
    expect(formatCountdown(3_600_000)).toBe('60:00');
    expect(formatCountdown(119 * 60_000 + 39_000)).toBe('1 h 59 min');
    expect(formatCountdown(7_200_000)).toBe('2 h 0 min');
    expect(formatCountdown(3_600_400)).toBe('1 h 0 min');
  });
});

describe('paymentsConfigOf', () => {
  const auth = { domain: 'd', clientId: 'c', audience: 'a' };
  it('uses the simulated card form unless Stripe is configured with a publishable key', () => {
    expect(paymentsConfigOf(undefined)).toEqual({ processor: 'simulated' });
    expect(paymentsConfigOf({ auth, partnerFormUrl: null })).toEqual({ processor: 'simulated' });
    const stripe = { processor: 'stripe', publishableKey: 'pk_test_1' };
    expect(paymentsConfigOf({ auth, partnerFormUrl: null, payments: stripe } as never)).toEqual(stripe);
    expect(
      paymentsConfigOf({ auth, partnerFormUrl: null, payments: { processor: 'stripe', publishableKey: '' } } as never),
    ).toEqual({ processor: 'simulated' });
  });
});

import { describe, expect, it } from 'vitest';
import type { PlaytimeEvent } from '@playtime/shared/domain/event-registry';
import { summarize } from './summaries';

const name = (userId: string | null | undefined) => `${userId}@playtime.test`;
const line = (event: unknown) => summarize(event as PlaytimeEvent, 'someone', name, 'UTC');

describe('event history lines', () => {
  it('says when a credit payment lapsed, and what a credit finding compared (issue #45)', () => {
    const lapsed = {
      type: 'EntryPaymentLapsed',
      data: { gameId: 'g1', playerId: 'pat', paymentId: 'credit_a', at: '2026-11-25T18:00:00Z' },
    };
    expect(line(lapsed)).toBe(
      "pat@playtime.test's credit payment was not used to join in time: it lapsed, its credit went back",
    );
    const finding = {
      type: 'PaymentDifferenceFound',
      data: {
        ...{
          paymentId: 'credit_a',
          receiverId: '',
          payerId: 'pat',
          kind: 'credit_spend_unpaid',
          processorStatus: 'credit',
        },
        ...{ processorAmountCents: 300, processorRefundedCents: 0, ledgerAmountCents: null, ledgerRefundedCents: 0 },
        resolution: 'needs_attention',
      },
    };
    expect(line(finding)).toBe(
      'Reconciliation: credit spend unpaid (credit account $3.00; ledger none), needs attention',
    );
  });

  it('says what a payment bought with the right article', () => {
    const paid = (kind: 'rental' | 'entry') => ({
      type: 'PaymentReceived',
      data: {
        paymentId: 'p1',
        amountCents: 500,
        payerId: 'pat',
        receiverId: 'cap',
        purpose: kind === 'entry' ? { kind, gameId: 'g1' } : { kind, holdId: 'h1' },
      },
    });
    expect(line(paid('entry'))).toBe('$5.00 from pat@playtime.test to cap@playtime.test for an entry');
    expect(line(paid('rental'))).toBe('$5.00 from pat@playtime.test to cap@playtime.test for a rental');
  });

  it('says when a removal refunded the entry, and who was allowed back', () => {
    const removed = (refundedPaymentId: string | null) => ({
      type: 'PlayerRemoved',
      data: {
        gameId: 'g1',
        playerId: 'pat',
        username: 'pat',
        removedBy: 'cap',
        at: '2026-11-25T18:00:00Z',
        playedSeconds: 0,
        refundedPaymentId,
      },
    });
    expect(line(removed('p1'))).toBe('cap@playtime.test removed pat@playtime.test, entry refunded');
    expect(line(removed(null))).toBe('cap@playtime.test removed pat@playtime.test');
    // Issue #41: a deleted account's withdrawal says why.
    const withdrawn = { ...removed('p1'), data: { ...removed('p1').data, reason: 'account_deleted' } };
    expect(line(withdrawn)).toBe('cap@playtime.test removed pat@playtime.test (account deleted), entry refunded');
    expect(
      line({
        type: 'PlayerAllowedBack',
        data: { gameId: 'g1', playerId: 'pat', allowedBy: 'cap', at: '2026-11-25T18:05:00Z' },
      }),
    ).toBe('cap@playtime.test allowed pat@playtime.test back');
  });
});

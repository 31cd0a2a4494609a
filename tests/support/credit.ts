import { expect } from 'vitest';
import type { WalletAnswer } from '@playtime/shared/contract/credit';
import { creditDifferencesOf } from '@playtime/shared/game-loop/credit/credit-reconciliation';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import type { ApiClient } from './api-client';

/**
 * Issue #45: the ledger balances for every account: every credit granted is a refund as credit, every
 * spend paid a received payment, and each wallet adds up to its balance, never below zero.
 */
export async function expectCreditBalances(
  store: EventStore,
  accounts: ReadonlyArray<{ client: ApiClient; userId: string }>,
): Promise<void> {
  for (const { client, userId } of accounts) {
    expect(await creditDifferencesOf(store, userId)).toEqual([]);
    const wallet = await client.read<WalletAnswer>('/api/wallet');
    expect(wallet.balanceCents).toBeGreaterThanOrEqual(0);
    expect(wallet.balanceCents).toBe(wallet.entries.reduce((sum, one) => sum + one.amountCents, 0));
  }
}

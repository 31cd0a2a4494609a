import { expect } from 'vitest';
import type { WalletAnswer } from '@playtime/shared/contract/credit';
import { creditDifferencesOf } from '@playtime/shared/game-loop/credit/credit-reconciliation';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { signUpPlayer } from './accounts';
import type { ApiClient } from './api-client';
import type { TestApp } from './standalone-app';

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

/** The accounts a credit suite signs up, each checked by `expectCreditBalances` after every test. */
export function creditAccounts(app: () => TestApp, prefix: string) {
  const accounts: Array<{ client: ApiClient; userId: string }> = [];
  // Counted when asked, not when signed up: players signed up at once get different numbers.
  let people = 0;
  return {
    accounts,
    /** A new signed-up player with their user id. */
    async newPlayer() {
      people += 1;
      const n = people;
      const client = await signUpPlayer(app(), `${prefix}-${n}@playtime.test`, `${prefix}${n}`);
      const userId = ((await client.get('/api/get-user')).json as { userId: string }).userId;
      accounts.push({ client, userId });
      return { client, userId };
    },
  };
}

import type {
  GamePaymentsAnswer,
  LeaveAnswer,
  LeaveTerms,
  PaidWithCredit,
  RefundDestination,
  WalletAnswer,
} from '@playtime/shared/contract/credit-texts';
import type { CheckoutRequest } from '@playtime/shared/contract/payments';
import { rooms } from '@playtime/shared/contract/rooms';
import { useQuery } from '@tanstack/react-query';
import { useLiveRoom } from '../../../hooks/use-live-room';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useGameCommand } from './play';
import { playKeys } from './query-keys';

/** Issue #45's queries of a game live under its page's key: the game's room refreshes them too. */
export const creditKeys = {
  leaveTerms: (gameId: string) => [...playKeys.game(gameId), 'leave-terms'] as const,
  payments: (gameId: string) => [...playKeys.game(gameId), 'payments'] as const,
  /** The signed-in player's credit, as the join reads it (the profile's wallet card has its own). */
  wallet: ['play', 'wallet'] as const,
};

/** GET /api/leave-terms: what leaving now does, for the Leave dialog (asked when it opens). */
export function useLeaveTerms(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: creditKeys.leaveTerms(gameId),
    queryFn: () => apiGet<LeaveTerms>('/api/leave-terms', { gameId }),
    enabled,
  });
}

/** GET /api/game-payments: who has paid, for the organizer (and admins), live through the game's payments room. */
export function useGamePayments(gameId: string, enabled: boolean) {
  useLiveRoom(enabled ? rooms.payments(gameId) : null, [creditKeys.payments(gameId)]);
  return useQuery({
    queryKey: creditKeys.payments(gameId),
    queryFn: () => apiGet<GamePaymentsAnswer>('/api/game-payments', { gameId }),
    enabled,
  });
}

/** GET /api/wallet: the signed-in player's credit, for paying an entry with it. */
export function useCreditBalance(enabled: boolean) {
  return useQuery({
    queryKey: creditKeys.wallet,
    queryFn: async () => (await apiGet<WalletAnswer>('/api/wallet')).balanceCents,
    enabled,
  });
}

/** Leave-game with where a refund within free cancellation goes; answers what was refunded. */
export const useLeaveGame = (gameId: string) =>
  useGameCommand(gameId, (refundTo: RefundDestination) =>
    apiPost<LeaveAnswer>('/api/leave-game', { gameId, refundTo }),
  );

/**
 * Checkout with Playtime credit first: `{paymentId, paidWithCredit}` when credit paid it all (no card),
 * else the card payment's client secret for the rest.
 */
export async function checkoutWithCredit(input: CheckoutRequest): Promise<PaidWithCredit | { clientSecret: string }> {
  const answer = await apiPost<PaidWithCredit | string>('/api/checkout', { ...input, useCredit: true });
  return typeof answer === 'string' ? { clientSecret: answer } : answer;
}

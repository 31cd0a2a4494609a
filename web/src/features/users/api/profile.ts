import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPostText } from '../../../lib/api-client';
import type { GameSummary } from '../../../types/game';
import { parseCents } from '../../../utils/money';
import { userKeys } from '../../../lib/current-user/query-keys';

/** GET /api/get-user-games: the user's recent games. */
export function useUserGames() {
  return useQuery({
    queryKey: userKeys.games,
    queryFn: () => apiGet<GameSummary[]>('/api/get-user-games'),
  });
}

/** POST /api/get-balance-of-account-from-username {name}: the balance as a text body in cents. */
export function useBalance(username: string) {
  return useQuery({
    queryKey: userKeys.balance(username),
    queryFn: async () => {
      const cents = parseCents(await apiPostText('/api/get-balance-of-account-from-username', { name: username }));
      if (cents === undefined) throw new Error('The balance could not be read. Please try again.');
      return cents;
    },
    enabled: Boolean(username),
  });
}

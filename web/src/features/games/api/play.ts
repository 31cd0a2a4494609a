import type {
  GameInList,
  GameSearchResult,
  GeocodedLocation,
  RegularGame,
  WaitlistPosition,
} from '@playtime/shared/contract/games';
import type { Team } from '@playtime/shared/domain/games/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { toGameSummary } from '../organize/organizer-games';
import { gameDataQuery, type LoadedGame } from './game-data';
import { playKeys } from './query-keys';

export type { LoadedGame };

/** GET /api/get-game-data: public; its serverTime sets the page's clock. */
export function useGameData(gameId: string) {
  return useQuery({ ...gameDataQuery(gameId), enabled: Boolean(gameId) });
}

/** GET /api/get-games: games within `distanceKm` of the place, not ended. */
export function useGameSearch(place: { latitude: number; longitude: number } | null, distanceKm: number) {
  return useQuery({
    queryKey: playKeys.search(place?.latitude ?? 0, place?.longitude ?? 0, distanceKm),
    queryFn: () =>
      apiGet<GameSearchResult[]>('/api/get-games', {
        latitude: place!.latitude,
        longitude: place!.longitude,
        distance: distanceKm,
      }),
    enabled: place !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/geocode: a ZIP code or US city to coordinates; 404 says 'No results found for the provided location.' */
export function useGeocode(text: string) {
  return useQuery({
    queryKey: playKeys.geocode(text),
    queryFn: () => apiGet<GeocodedLocation>('/api/geocode', { q: text }),
    enabled: text.length > 0,
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** GET /api/get-user-games as game cards (the list's dollars become the card's cents). */
export function useMyGames() {
  return useQuery({
    queryKey: playKeys.userGames,
    queryFn: () => apiGet<GameInList[]>('/api/get-user-games'),
    // Kept as answered (with its read position, see useLiveRoom); the cards are made from it.
    select: (games) => games.map(toGameSummary),
  });
}

export interface JoinGameInput {
  gameId: string;
  team: Team;
  /** Set when the organizer moves another player. */
  participantId?: string;
  paymentId?: string;
  /** Issue #45: the guests the player brings, and their names if typed. */
  guests?: number;
  guestNames?: string[];
}

/** Every game command refreshes the game's page at once (its room then tells the other pages). */
export function useGameCommand<T>(gameId: string, call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playKeys.game(gameId) }),
        queryClient.invalidateQueries({ queryKey: playKeys.userGames }),
        // Joined, a regular's 'Join next …' is done (issue #30).
        queryClient.invalidateQueries({ queryKey: playKeys.regularGames }),
      ]),
    meta: { silent: true },
  });
}

export const useJoinGame = (gameId: string) =>
  useGameCommand(gameId, (input: JoinGameInput) => apiPost('/api/join-game', input));
// Leave-game is in ./credit.ts (issue #45: it says where a refund goes and answers what was refunded).
export const useRemovePlayer = (gameId: string) =>
  useGameCommand(gameId, (participantId: string) => apiPost('/api/remove-player', { gameId, participantId }));
export const useAllowPlayerBack = (gameId: string) =>
  useGameCommand(gameId, (participantId: string) => apiPost('/api/allow-player-back', { gameId, participantId }));
/** incomingId comes off the sideline; outgoingId leaves the pitch. */
export const useSwitchPlayers = (gameId: string) =>
  useGameCommand(gameId, ({ incomingId, outgoingId }: { incomingId: string; outgoingId: string }) =>
    apiPost('/api/switch-players', { gameId, participantId1: incomingId, participantId2: outgoingId }),
  );
/** Issue #29: the first in line takes or declines the offered team spot; anyone joins or leaves a full game's waitlist. */
export const useAcceptSpot = (gameId: string) => useGameCommand(gameId, () => apiPost('/api/accept-spot', { gameId }));
export const useDeclineSpot = (gameId: string) =>
  useGameCommand(gameId, () => apiPost('/api/decline-spot', { gameId }));
/** Issue #45: a host waits with the guests they would bring (and their names), as they join with them. */
export const useJoinWaitlist = (gameId: string) =>
  useGameCommand(gameId, (party: { guests?: number; guestNames?: string[] }) =>
    apiPost<WaitlistPosition>('/api/join-waitlist', { gameId, ...party }),
  );
export const useLeaveWaitlist = (gameId: string) =>
  useGameCommand(gameId, () => apiPost('/api/leave-waitlist', { gameId }));

/** Issue #30: the organizer's regulars of a series week, added by username or removed (the Manage area). */
export const useAddRegular = (gameId: string) =>
  useGameCommand(gameId, (username: string) => apiPost('/api/add-regular', { gameId, username }));
export const useRemoveRegular = (gameId: string) =>
  useGameCommand(gameId, (participantId: string) => apiPost('/api/remove-regular', { gameId, participantId }));

/** GET /api/get-regular-games: the series weeks the user may join first now (their profile's 'Join next …'). */
export function useRegularGames() {
  return useQuery({
    queryKey: playKeys.regularGames,
    queryFn: () => apiGet<RegularGame[]>('/api/get-regular-games'),
    meta: { silent: true },
  });
}

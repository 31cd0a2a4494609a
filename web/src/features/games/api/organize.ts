import type { AddedGame, CancelledSeries, GameInList, HeldSlot } from '@playtime/shared/contract/games';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORGANIZER_GAME_LIST_PAGE_SIZE,
  ORGANIZER_GAME_LIST_PATH,
  type OrganizerGameList,
  type OrganizerGameListWhen,
} from '@playtime/shared/contract/organizer-games';
import { apiGet, apiPost, apiPostText } from '../../../lib/api-client';
import type { OwnerField } from '../../../types/field';
import type { SubFieldAvailabilityEntry } from '../organize/slots';
import { organizeKeys } from './query-keys';

export type { GameInList, HeldSlot };

/** The organize screens show each failure where it happened, with what to do; no extra notification. */
export const SHOWN_INLINE = { silent: true } as const;

/** Spec §9: the venue search starts at 3 characters. */
export const VENUE_SEARCH_MIN_LENGTH = 3;

/** One venue of GET /api/get-fields-by-name: the same shape as an owner's field (price is dollars per hour). */
export type VenueResult = OwnerField;

/** GET /api/get-fields-by-name, only once the (debounced) text is long enough (spec §5). */
export function useVenueSearch(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: organizeKeys.fieldsByName(text),
    queryFn: () => apiGet<VenueResult[]>('/api/get-fields-by-name', { name: text }),
    enabled: text.length >= VENUE_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    meta: SHOWN_INLINE,
  });
}

/** GET /api/get-subfield-schedules: windows, booked games and live holds of one sub-field. */
export function useSubFieldAvailability(subFieldId: string | undefined) {
  return useQuery({
    queryKey: organizeKeys.subFieldAvailability(subFieldId ?? ''),
    queryFn: () => apiGet<SubFieldAvailabilityEntry[]>('/api/get-subfield-schedules', { subFieldId }),
    enabled: Boolean(subFieldId),
    meta: SHOWN_INLINE,
  });
}

/** GET /api/get-organizer-games: the captain's games not yet ended, by start, at most 4. */
export function useOrganizerGames() {
  return useQuery({
    queryKey: organizeKeys.organizerGames,
    queryFn: () => apiGet<GameInList[]>('/api/get-organizer-games'),
    meta: SHOWN_INLINE,
  });
}

/** GET /api/get-organizer-game-list: a page of the captain's games and series, upcoming or past (issue #41). */
export function useOrganizerGameList(when: OrganizerGameListWhen, page: number) {
  return useQuery({
    queryKey: organizeKeys.organizerGameList(when, page),
    queryFn: () =>
      apiGet<OrganizerGameList>(ORGANIZER_GAME_LIST_PATH, { when, page, pageSize: ORGANIZER_GAME_LIST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: SHOWN_INLINE,
  });
}

/** POST /api/delete-game: cancels the game (the server releases the slot and refunds per policy). */
export function useDeleteGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: string) => apiPost('/api/delete-game', { gameId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizeKeys.organizerGames }),
    meta: SHOWN_INLINE,
  });
}

/** GET /api/get-series-games: every week of the captain's series, for the confirmation of cancelling the rest. */
export function useSeriesGames(seriesId: string | undefined) {
  return useQuery({
    queryKey: organizeKeys.seriesGames(seriesId ?? ''),
    queryFn: () => apiGet<GameInList[]>('/api/get-series-games', { seriesId }),
    enabled: Boolean(seriesId),
    meta: SHOWN_INLINE,
  });
}

/** POST /api/cancel-series: this week and every later one of its series, each refunded under the field's policy. */
export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: string) => apiPost<CancelledSeries>('/api/cancel-series', { gameId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizeKeys.all }),
    meta: SHOWN_INLINE,
  });
}

export interface HoldSlotInput {
  subFieldId: string;
  startDate: string;
  endDate: string;
  name: string;
  maxPlayers: number;
  /** The Configure step's Price text, dollars; empty is free. */
  price: string;
  sidelineSize: number;
  /** null: no minimum of players. */
  minPlayers: number | null;
  decisionHours: number;
  /** Issue #45: free cancellation until this many hours before the start. */
  freeCancellationHours: number;
  /** Issue #45: how many guests each player may bring. */
  guestsPerPlayer: number;
  /** Issue #30: a weekly series of this many weeks; absent for one game. */
  repeatWeeks?: number;
  skipDates?: string[];
  regularsWindowHours?: number;
}

/** POST /api/hold-slot: the slot is the captain's for a few minutes while they pay. */
export function holdSlot(input: HoldSlotInput): Promise<HeldSlot> {
  return apiPost<HeldSlot>('/api/hold-slot', input);
}

export function releaseHold(holdId: string): Promise<void> {
  return apiPost('/api/release-hold', { holdId });
}

/** POST /api/find-username-of-field-owner: the rental's payment receiver. */
export async function findFieldOwnerUsername(fieldName: string): Promise<string> {
  return (await apiPostText('/api/find-username-of-field-owner', { fieldName })).trim().replace(/^"(.*)"$/, '$1');
}

/** Spec §3 'Game draft' as posted to add-game, with the paid hold. */
export interface AddGameInput {
  name: string;
  maxPlayers: number;
  price: string;
  startDate: string;
  endDate: string;
  venue: string;
  location: string;
  /** The field's rental price per hour, dollars. */
  organizerCost: number;
  subFieldId: string;
  holdId: string;
  paymentId?: string;
}

export function addGame(input: AddGameInput): Promise<AddedGame> {
  return apiPost<AddedGame>('/api/add-game', input);
}

/** POST /api/set-min-reliability (issue #44): 'Reliable players only' on a created game; null: anyone. */
export function setMinReliability(gameId: string, minReliability: number | null): Promise<void> {
  return apiPost('/api/set-min-reliability', { gameId, minReliability });
}

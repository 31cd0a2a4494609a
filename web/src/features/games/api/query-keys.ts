/** TanStack Query keys of the games feature's organize calls; realtime pushes invalidate by these. */
export const organizeKeys = {
  all: ['organize'] as const,
  organizerGames: ['organize', 'organizer-games'] as const,
  /** Under organizerGames: what refreshes the soonest four refreshes the whole list too. */
  organizerGameList: (when: string, page: number) => ['organize', 'organizer-games', 'list', when, page] as const,
  fieldsByName: (name: string) => ['organize', 'fields-by-name', name] as const,
  subFieldAvailability: (subFieldId: string) => ['organize', 'subfield-availability', subFieldId] as const,
  seriesGames: (seriesId: string) => ['organize', 'series-games', seriesId] as const,
};

/** Keys of the play calls: a game's page, searches and the user's games; each game's room refreshes them. */
export const playKeys = {
  game: (gameId: string) => ['play', 'game', gameId] as const,
  searches: ['play', 'search'] as const,
  search: (latitude: number, longitude: number, distanceKm: number) =>
    ['play', 'search', latitude, longitude, distanceKm] as const,
  geocode: (text: string) => ['play', 'geocode', text] as const,
  userGames: ['play', 'user-games'] as const,
  regularGames: ['play', 'regular-games'] as const,
  /** Issue #44: the organizer's check-in code of a game, asked again as each expires. */
  checkInCode: (gameId: string) => ['play', 'check-in-code', gameId] as const,
};

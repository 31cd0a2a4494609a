/** TanStack Query keys of the availability feature; realtime pushes invalidate by these prefixes. */
export const availabilityKeys = {
  all: ['availability'] as const,
  field: (fieldId: string) => ['availability', 'field', fieldId] as const,
  game: (gameId: string) => ['availability', 'game', gameId] as const,
};

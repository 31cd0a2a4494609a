/**
 * TanStack Query keys of the availability's reads; realtime pushes invalidate by these prefixes, and a
 * field's changes refresh the owner's timeline through them (so both features reach them here).
 */
export const availabilityKeys = {
  all: ['availability'] as const,
  field: (fieldId: string) => ['availability', 'field', fieldId] as const,
  game: (gameId: string) => ['availability', 'game', gameId] as const,
};

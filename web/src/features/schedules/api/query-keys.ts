/** TanStack Query keys of the schedules feature; realtime pushes invalidate by these prefixes. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  field: (fieldId: string) => ['schedules', 'field', fieldId] as const,
  game: (gameId: string) => ['schedules', 'game', gameId] as const,
};

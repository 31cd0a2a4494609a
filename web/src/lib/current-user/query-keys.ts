/**
 * TanStack Query keys of the users' reads (the signed-in user, their games, balance and calendar
 * feed); realtime pushes invalidate by these prefixes.
 */
export const userKeys = {
  all: ['users'] as const,
  current: ['users', 'current'] as const,
  games: ['users', 'games'] as const,
  balance: (username: string) => ['users', 'balance', username] as const,
  calendarFeed: ['users', 'calendar-feed'] as const,
};

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  page: (page: number, pageSize: number) => ['admin', 'users', { page, pageSize }] as const,
  deletionPreview: (userId: string) => ['admin', 'users', 'deletion-preview', userId] as const,
};

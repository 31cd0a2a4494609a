/** TanStack Query keys of the fields feature; realtime pushes invalidate by these prefixes. */
export const fieldKeys = {
  all: ['fields'] as const,
  owner: ['fields', 'owner'] as const,
};

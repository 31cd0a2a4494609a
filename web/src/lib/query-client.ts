import { MutationCache, QueryCache, QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { ApiError, errorTitle } from './api-error';
import { errorMessage, notifyError } from './notify';
import { carryReadAt } from './read-position';

/** Per-query/mutation options read by the global error handler. */
interface ErrorMeta extends Record<string, unknown> {
  /** Text to show instead of the server's message (where the spec prescribes its own wording). */
  errorMessage?: string;
  /** The caller shows the failure itself. */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

function report(error: unknown, meta: ErrorMeta | undefined): void {
  if (meta?.silent) return;
  // The auth feature tells a deleted user once, logs them out and takes them home.
  if (error instanceof ApiError && error.code === 'user_deleted') return;
  notifyError(meta?.errorMessage ?? errorMessage(error), errorTitle(error));
}

/** A 4xx will not change by asking again; network blips and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed call is shown to the user in one place, so no screen can swallow an error.
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Realtime pushes invalidate what changed; focus refetches add little beyond load.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // As by default, and the kept answer takes on the new one's read position (see useLiveRoom).
        structuralSharing: (kept: unknown, answer: unknown) => carryReadAt(replaceEqualDeep(kept, answer), answer),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client: the provider shares it with the pages, and the router's loaders start queries in it. */
export const queryClient = createQueryClient();

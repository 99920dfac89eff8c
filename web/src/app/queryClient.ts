import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/http';
import { notifyError } from '../lib/notify';

/** Retrying cannot fix a client error (4xx) or an expired session; network and 5xx get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Failed reads toast the catalogue text unless the query opts out with
 * `meta: { silent: true }` because its screen shows the error itself. A 401 was already announced
 * by the session expiry. Mutations are reported by the form that started them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        if (error instanceof ApiError && error.status === 401) return;
        notifyError(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

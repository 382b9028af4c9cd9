import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, isApiError, setReadHandlers } from './api-client';
import { QUERY_KEYS } from './api-paths';
import { currentPath, currentPathWithSearch, navigateTo } from './navigation';

/** The first element of the query key is the URL of a GET. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => getJson(String(queryKey[0]), { signal });

/** Reads are retried once; a 401 never, since it already sent the browser to /login. */
export const readRetry = (failureCount: number, error: unknown): boolean => !isApiError(error, 401) && failureCount < 1;

/** docs/product/collections.md#reads: the collections list is retried up to 3 times, except on a 401. */
export const collectionsRetry = (failureCount: number, error: unknown): boolean => !isApiError(error, 401) && failureCount < 3;

const AUTH_PATHS = new Set(['/login', '/auth']);

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // docs/product/api.md#client: refetch on focus; data stale at once and dropped from the cache
      // when unused. networkMode 'always' (docs/product/offline.md#writes): without a network,
      // reads still ask (the service worker may answer from the kept copy) and writes fail at once
      // with a message, where TanStack's default would hold both paused, silently, until the
      // network came back.
      queries: { queryFn: defaultQueryFn, retry: readRetry, refetchOnWindowFocus: true, staleTime: 0, gcTime: 0, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // docs/product/collections.md#reads: always refetched (stale at once, on focus, mount and reconnect).
  client.setQueryDefaults(QUERY_KEYS.collections, {
    retry: collectionsRetry,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
  return client;
}

/** Connects the fetch helper's 401/402 handling to a client: 401 signs out and goes to /login; 402 goes to /subscription. */
export function wireReadHandlers(client: QueryClient): void {
  setReadHandlers({
    onUnauthorized() {
      const from = currentPathWithSearch();
      client.setQueryData(QUERY_KEYS.user, null);
      if (!AUTH_PATHS.has(currentPath())) navigateTo('/login', { state: { from } });
    },
    onPaymentRequired() {
      const path = currentPath();
      if (path !== '/subscription' && path !== '/subscribe' && !path.startsWith('/subscription/')) navigateTo('/subscription');
    },
  });
}

export const queryClient = createQueryClient();
wireReadHandlers(queryClient);

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MapConfig,
  RecordStore,
  RecordStoreRequest,
  SharedRecordStore,
  UpdateCoordinatesResponse,
} from '../../../common/record-stores.schemas';
import { apiRequest, getJson, send } from '../../lib/api-client';
import { API } from '../../lib/api-paths';

/** docs/product/record-stores.md#maps: the map configuration fetch is aborted after 5 seconds. */
export const MAP_CONFIG_TIMEOUT_MS = 5000;

export const STORE_ERRORS = {
  fetch: 'Failed to fetch record store',
  add: 'Failed to add record store',
  update: 'Failed to update record store',
  delete: 'Failed to delete record store',
  share: 'Failed to generate share token',
  coordinates: 'Failed to update coordinates',
  shared: 'Failed to fetch shared record stores',
} as const;

export const recordStoresQuery = () => queryOptions<RecordStore[]>({ queryKey: [API.recordStores] });

/** GET /api/map-config, given up after 5 s (docs/product/record-stores.md#maps); a failure leaves the cards with their links. */
export const mapConfigQuery = () =>
  queryOptions<MapConfig>({
    queryKey: [API.mapConfig],
    queryFn: async ({ signal }) => {
      try {
        return await getJson<MapConfig>(API.mapConfig, {
          signal: AbortSignal.any([signal, AbortSignal.timeout(MAP_CONFIG_TIMEOUT_MS)]),
        });
      } catch (error) {
        // The timeout is reported (in the console; the cards fall back to links).
        console.warn(
          error instanceof DOMException && error.name === 'TimeoutError'
            ? 'Timed out fetching the map configuration'
            : 'Failed to fetch the map configuration',
          error,
        );
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const sharedStoresUrl = (token: string) => `${API.recordStores}/shared/${encodeURIComponent(token)}`;

/** docs/product/record-stores.md#shared-page: a non-OK answer's `message`, else 'Failed to fetch shared record stores'. */
export const sharedStoresQuery = (token: string) =>
  queryOptions<SharedRecordStore[]>({
    queryKey: [sharedStoresUrl(token)],
    queryFn: async ({ signal }) => {
      const response = await send(sharedStoresUrl(token), { headers: { Accept: 'application/json' }, signal });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        throw new Error(typeof body?.message === 'string' ? body.message : STORE_ERRORS.shared);
      }
      return (await response.json()) as SharedRecordStore[];
    },
    retry: false,
  });

function useInvalidateStores() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [API.recordStores], exact: true });
}

export function useAddStore() {
  const invalidate = useInvalidateStores();
  return useMutation({
    mutationFn: (store: RecordStoreRequest) => apiRequest<RecordStore>('POST', API.recordStores, store),
    onSuccess: invalidate,
  });
}

export function useUpdateStore() {
  const invalidate = useInvalidateStores();
  return useMutation({
    mutationFn: ({ id, store }: { id: number; store: RecordStoreRequest }) =>
      apiRequest<RecordStore>('PUT', `${API.recordStores}/${id}`, store),
    onSuccess: invalidate,
  });
}

export function useDeleteStore() {
  const invalidate = useInvalidateStores();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `${API.recordStores}/${id}`),
    onSuccess: invalidate,
  });
}

export function useShareStores() {
  return useMutation({ mutationFn: () => apiRequest<{ shareToken: string }>('POST', `${API.recordStores}/share`) });
}

/** One store's coordinates (the page goes store by store to show progress). */
export const updateStoreCoordinates = (storeId: number) =>
  apiRequest<UpdateCoordinatesResponse>('POST', `${API.recordStores}/update-coordinates`, { storeId });

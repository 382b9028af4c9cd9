import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlbumListItem } from '../../../common/albums.schemas';
import type { Collection, CollectionRequest } from '../../../common/collections.schemas';
import { apiRequest, getJson } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import { takeEarlyJson } from '../../lib/early-home-reads';

/**
 * GET /api/collections. "Always refetched, retried up to 3 times except on a 401"
 * (docs/product/collections.md#reads) are the query client's defaults for this key
 * (lib/query-client.ts), so they hold wherever it is read.
 */
export const collectionsQuery = queryOptions<Collection[]>({
  queryKey: QUERY_KEYS.collections,
  queryFn: async ({ signal }) => (await takeEarlyJson<Collection[]>(API.collections)) ?? getJson<Collection[]>(API.collections, { signal }),
});

export const useCollections = () => useQuery(collectionsQuery);

const collectionUrl = (id: number) => `${API.collections}/${id}`;

const byName = (a: Collection, b: Collection) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/**
 * Applies a confirmed change to the cached lists at once, then refetches them in the background.
 * The selected collection lives in the URL: the page switches to the new or renamed name in the
 * same moment, so no render shows the URL ahead of the list (which would select another one).
 */
function applyAndRefresh(
  queryClient: QueryClient,
  patch: { collections: (list: Collection[]) => Collection[]; albums?: (list: AlbumListItem[]) => AlbumListItem[] },
) {
  queryClient.setQueryData<Collection[]>(QUERY_KEYS.collections, (list) => (list ? patch.collections(list) : list));
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.collections });
  if (patch.albums) {
    const albums = patch.albums;
    queryClient.setQueryData<AlbumListItem[]>(QUERY_KEYS.albums, (list) => (list ? albums(list) : list));
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.albums });
  }
}

/** POST /api/collections. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionRequest) => apiRequest<Collection>('POST', API.collections, input),
    onSuccess: (created) => applyAndRefresh(queryClient, { collections: (list) => [...list.filter((c) => c.id !== created.id), created].sort(byName) }),
  });
}

/** PUT /api/collections/{id}: albums name their collection, so they are refreshed too (docs/product/collections.md#reads). */
export function useRenameCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => apiRequest<Collection>('PUT', collectionUrl(id), { name }),
    onSuccess: (renamed) => {
      const previous = queryClient.getQueryData<Collection[]>(QUERY_KEYS.collections)?.find((c) => c.id === renamed.id)?.name;
      applyAndRefresh(queryClient, {
        collections: (list) => list.map((c) => (c.id === renamed.id ? { ...c, name: renamed.name } : c)).sort(byName),
        albums: (list) => (previous === undefined ? list : list.map((a) => (a.collection === previous ? { ...a, collection: renamed.name } : a))),
      });
    },
  });
}

/** DELETE /api/collections/{id}: its albums go with it, so they are refreshed too (docs/product/collections.md#reads). */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => apiRequest<{ message: string }>('DELETE', collectionUrl(id)),
    onSuccess: (_answer, { id, name }) =>
      applyAndRefresh(queryClient, {
        collections: (list) => list.filter((c) => c.id !== id),
        albums: (list) => list.filter((a) => a.collection !== name),
      }),
  });
}

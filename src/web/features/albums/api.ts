import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Album, AlbumInput, AlbumListItem } from '../../../common/albums.schemas';
import { apiRequest, getJson, isApiError } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import { readRetry } from '../../lib/query-client';
import { takeEarlyJson } from '../../lib/early-home-reads';

/**
 * GET /api/albums: every album of the user, without notes and tracklists (they load with the album's
 * page, docs/product/albums.md#album-list). The server answers with an ETag and the browser
 * revalidates it, so a refetch of an unchanged list costs a 304.
 */
export const albumsQuery = queryOptions<AlbumListItem[]>({
  queryKey: QUERY_KEYS.albums,
  queryFn: async ({ signal }) => (await takeEarlyJson<AlbumListItem[]>(API.albums)) ?? getJson<AlbumListItem[]>(API.albums, { signal }),
});

export const useAlbums = () => useQuery(albumsQuery);

export const albumUrl = (id: number) => `${API.albums}/${id}`;

/**
 * GET /api/albums/{id}; a 404 is an answer (the album is gone), not something to retry. Offline the
 * shelf answers with the kept list's copy, which has no notes or tracklist (docs/product/offline.md#shelf).
 */
export const albumQuery = (id: number) =>
  queryOptions<Album | AlbumListItem>({
    queryKey: [albumUrl(id)],
    retry: (failureCount, error) => !isApiError(error, 404) && readRetry(failureCount, error),
  });

/** Album writes change the list and the collections' album counts. */
export function refreshAfterAlbumWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.albums }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.collections }),
  ]);
}

/** The body of a save; allowDuplicate only after the Duplicate Album dialog's Add Anyway (docs/product/albums.md#duplicates). */
export type AlbumSave = AlbumInput & { allowDuplicate?: boolean };

/** POST /api/albums (id absent) or PUT /api/albums/{id}. */
export function useSaveAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, album }: { id?: number; album: AlbumSave }) =>
      id === undefined ? apiRequest<Album>('POST', API.albums, album) : apiRequest<Album>('PUT', albumUrl(id), album),
    onSuccess: (saved) => {
      queryClient.setQueryData([albumUrl(saved.id)], saved);
      return refreshAfterAlbumWrite(queryClient);
    },
  });
}

/** DELETE /api/albums/{id}. */
export function useDeleteAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', albumUrl(id)),
    // The album's own query goes when its form unmounts (nothing keeps unused data,
    // docs/product/api.md#client).
    onSuccess: () => refreshAfterAlbumWrite(queryClient),
  });
}

import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../common/collections.schemas';
import type {
  ShareResponse,
  SharedAlbumsResponse,
  SharedArtistsResponse,
  SharedCollectionResponse,
} from '../../../common/sharing.schemas';
import { apiRequest } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import { sharedAlbumsUrl, sharedArtistsUrl, sharedCollectionUrl, sharedReadRetry, type SharedAlbumsView } from './shared-view';

/*
 * Public reads of a shared collection (docs/product/sharing.md#public-api). They use the default
 * query function (the key is the URL) and nothing that needs a session, so a visitor and a
 * signed-in user see the same page.
 */
export const sharedCollectionQuery = (token: string) =>
  queryOptions<SharedCollectionResponse>({ queryKey: [sharedCollectionUrl(token)], retry: sharedReadRetry });

export const sharedArtistsQuery = (token: string) =>
  queryOptions<SharedArtistsResponse>({ queryKey: [sharedArtistsUrl(token)], retry: sharedReadRetry });

export const sharedAlbumsQuery = (token: string, view: SharedAlbumsView) =>
  queryOptions<SharedAlbumsResponse>({ queryKey: [sharedAlbumsUrl(token, view)], retry: sharedReadRetry });

const shareUrl = (collectionId: number) => `${API.collections}/${collectionId}/share`;

/** Puts the new share state into the cached collections list at once, so every view of it agrees. */
function setCachedShareToken(queryClient: QueryClient, collectionId: number, shareToken: string | null) {
  queryClient.setQueryData<Collection[]>(QUERY_KEYS.collections, (list) =>
    Array.isArray(list)
      ? list.map((collection) => {
          if (collection.id !== collectionId) return collection;
          const { shareToken: _previous, ...rest } = collection;
          return shareToken ? { ...rest, shareToken } : rest;
        })
      : list,
  );
  // The list's shareToken is the source of truth: refetch it, without holding up the dialog.
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.collections });
}

/** POST /api/collections/{id}/share → {shareToken}. */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) => apiRequest<ShareResponse>('POST', shareUrl(collectionId)),
    onSuccess: ({ shareToken }, collectionId) => setCachedShareToken(queryClient, collectionId, shareToken),
  });
}

/** DELETE /api/collections/{id}/share: the link stops working at once. */
export function useDisableSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) => apiRequest<{ message: string }>('DELETE', shareUrl(collectionId)),
    onSuccess: (_answer, collectionId) => setCachedShareToken(queryClient, collectionId, null),
  });
}

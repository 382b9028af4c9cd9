import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Album } from '../../../common/albums.schemas';
import { ownedConflictSchema, type OwnedCopy, type Wish, type WishInput } from '../../../common/wishlist.schemas';
import { apiRequest, isApiError } from '../../lib/api-client';
import { readRetry } from '../../lib/query-client';
import { refreshAfterAlbumWrite } from '../albums/api';

const WISHLIST_URL = '/api/wishlist';
const wishUrl = (id: number) => `${WISHLIST_URL}/${id}`;

/** GET /api/wishlist: the caller's wishes (the default query function reads queryKey[0]). */
export const wishlistQuery = queryOptions<Wish[]>({ queryKey: [WISHLIST_URL] });

/** GET /api/wishlist/{id}; a 404 is an answer (the wish is gone or not the caller's), not something to retry. */
export const wishQuery = (id: number) =>
  queryOptions<Wish>({
    queryKey: [wishUrl(id)],
    retry: (failureCount, error) => !isApiError(error, 404) && readRetry(failureCount, error),
  });

const refreshWishlist = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [WISHLIST_URL], exact: true });

/** The body of a save; allowOwned only after Add Anyway (docs/product/wishlist.md#already-own-it). */
export type WishSave = WishInput & { allowOwned?: boolean };

/** POST /api/wishlist (id absent) or PUT /api/wishlist/{id}. */
export function useSaveWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, wish }: { id?: number; wish: WishSave }) =>
      id === undefined ? apiRequest<Wish>('POST', WISHLIST_URL, wish) : apiRequest<Wish>('PUT', wishUrl(id), wish),
    onSuccess: (saved) => {
      queryClient.setQueryData([wishUrl(saved.id)], saved);
      return refreshWishlist(queryClient);
    },
  });
}

/** DELETE /api/wishlist/{id}. */
export function useDeleteWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', wishUrl(id)),
    onSuccess: () => refreshWishlist(queryClient),
  });
}

/** What Got it sends besides the wish (docs/product/wishlist.md#got-it). */
export interface Purchase {
  collection: string;
  price?: string;
  purchaseDate?: string;
  purchaseLocation?: string;
  allowDuplicate?: boolean;
}

/** POST /api/wishlist/{id}/acquired: the wish becomes an album, so both lists and the collections' counts change. */
export function useAcquireWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, purchase }: { id: number; purchase: Purchase }) => apiRequest<Album>('POST', `${wishUrl(id)}/acquired`, purchase),
    onSuccess: () => Promise.all([refreshWishlist(queryClient), refreshAfterAlbumWrite(queryClient)]),
  });
}

/** POST /api/wishlist/share: the gift list's token in force (a new one when none). */
export function useShareWishlist() {
  return useMutation({
    mutationFn: () => apiRequest<{ shareToken: string }>('POST', `${WISHLIST_URL}/share`),
  });
}

/** DELETE /api/wishlist/share: the link answers 404 from now on. */
export function useDisableWishlistShare() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', `${WISHLIST_URL}/share`),
  });
}

/** The gift list's public address (docs/product/wishlist.md#gift-list). */
export const giftListPath = (token: string) => `/wishlist/shared/${encodeURIComponent(token)}`;

/**
 * docs/product/wishlist.md#already-own-it: the copies a POST refused with 409 names, or null when the
 * error is anything else.
 */
export function ownedCopiesOf(error: unknown): { message: string; owned: OwnedCopy[] } | null {
  if (!isApiError(error, 409)) return null;
  const parsed = ownedConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlbumBulkChanges, AlbumBulkRequest } from '../../../../common/album-bulk.schemas';
import { apiRequest } from '../../../lib/api-client';
import { API } from '../../../lib/api-paths';
import { refreshAfterAlbumWrite } from '../api';

export type AlbumBulkCall =
  | { action: 'move'; ids: number[]; collection: string }
  | { action: 'update'; ids: number[]; changes: AlbumBulkChanges }
  | { action: 'delete'; ids: number[] };

/**
 * POST /api/albums/bulk (docs/product/albums.md#bulk-edit): one call for every selected album, all or
 * nothing. The answer's count is what the toast reports; the list and the collections' counts are
 * read again before the promise settles, so Select mode is left on the refreshed list.
 */
export function useBulkAlbums() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: AlbumBulkCall) => apiRequest<{ count: number }>('POST', `${API.albums}/bulk`, call satisfies AlbumBulkRequest),
    onSuccess: () => refreshAfterAlbumWrite(queryClient),
  });
}

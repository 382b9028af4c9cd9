import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SharedAlbum } from '../../../common/sharing.schemas';
import { errorToast } from '../../components/ui/use-toast';
import { sharedAlbumsQuery } from './api';
import { albumsFailure, DEFAULT_VIEW, SHARING_MESSAGES, type SharedAlbumsView } from './shared-view';

interface ShownList {
  view: SharedAlbumsView;
  albums: SharedAlbum[];
}

/**
 * The shared album list with the visitor's filter and sort. The list on screen stays while a new
 * choice loads; if that load fails, the toast says so and the controls return to the list shown.
 */
export function useSharedAlbumList(token: string, enabled: boolean) {
  const [view, setView] = useState<SharedAlbumsView>(DEFAULT_VIEW);
  const [shown, setShown] = useState<ShownList | null>(null);
  const query = useQuery({ ...sharedAlbumsQuery(token, view), enabled });

  useEffect(() => {
    if (query.isSuccess) setShown({ view, albums: query.data.albums });
  }, [query.isSuccess, query.data, view]);

  const failure = query.isError ? albumsFailure(query.error, view, shown?.view ?? null) : null;

  useEffect(() => {
    if (failure !== 'revert' || !shown) return;
    errorToast(SHARING_MESSAGES.updateFailed);
    setView(shown.view);
  }, [failure, shown]);

  return {
    view,
    setView,
    /** The albums for `view` once loaded; until then the list still on screen. */
    albums: query.data?.albums ?? shown?.albums ?? null,
    /** A new choice is loading while the previous list stays visible. */
    updating: query.isFetching && shown !== null && query.data === undefined,
    failure: failure === 'not-found' || failure === 'unavailable' ? failure : null,
  } as const;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, House, Link2Off } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { isShareTokenShape, type SharedCollectionResponse } from '../../../common/sharing.schemas';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorToast } from '../../components/ui/use-toast';
import { QUERY_KEYS } from '../../lib/api-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { sharedArtistsQuery, sharedCollectionQuery } from './api';
import { SharedAlbumGrid, SharedAlbumGridSkeleton } from './components/shared-album-grid';
import { SharedAlbumsToolbar } from './components/shared-albums-toolbar';
import { SHARED_CONTAINER, SharedPageLayout } from './components/shared-page-layout';
import { collectionFailure, ownerLine, SHARING_MESSAGES } from './shared-view';
import { useSharedAlbumList } from './use-shared-album-list';

/**
 * The public, read-only view of a shared collection (/shared/{token},
 * docs/product/sharing.md#public-page), for visitors and signed-in users alike.
 *
 * Failures (the product names two): a wrong or disabled link (404) shows the Collection Not Found
 * state in place, since the visitor needs to be told the link itself is dead. Any other failure of
 * the first load (server error, network) is not the link's fault: the toast "Unable to load this
 * collection…" and a trip home, as docs/product/sharing.md#public-page says. A failed filter or
 * sort reload keeps the shown list.
 */
export default function SharedCollectionPage() {
  const params = useParams<{ shareToken: string }>();
  const token = params.shareToken ?? '';
  // Something that cannot be one of our tokens is not sent to the server at all.
  const wellFormed = isShareTokenShape(token);
  const queryClient = useQueryClient();
  // The session the shell already read; this page fetches nothing that needs one.
  const signedIn = Boolean(queryClient.getQueryData(QUERY_KEYS.user));
  const [, navigate] = useLocation();

  const collection = useQuery({ ...sharedCollectionQuery(token), enabled: wellFormed });
  const artists = useQuery({ ...sharedArtistsQuery(token), enabled: wellFormed });
  const list = useSharedAlbumList(token, wellFormed);

  const collectionState = collection.isError ? collectionFailure(collection.error, collection.data !== undefined) : null;
  const artistsGone = artists.isError && collectionFailure(artists.error, true) === 'not-found';
  const notFound = !wellFormed || collectionState === 'not-found' || list.failure === 'not-found' || artistsGone;
  const unavailable = !notFound && (collectionState === 'unavailable' || list.failure === 'unavailable');

  useEffect(() => {
    if (!unavailable) return;
    errorToast(SHARING_MESSAGES.loadFailed);
    navigate('/', { replace: true });
  }, [unavailable, navigate]);

  const name = collection.data?.collection.name;
  useDocumentTitle(notFound ? SHARING_MESSAGES.notFoundTitle : name);

  return (
    <SharedPageLayout signedIn={signedIn}>
      {notFound ? (
        <SharedCollectionNotFound />
      ) : (
        <div className={`${SHARED_CONTAINER} py-8 sm:py-10`}>
          <CollectionHeading data={collection.data} />
          <div className="mt-8">
            {list.albums && collection.data ? (
              <>
                <SharedAlbumsToolbar
                  view={list.view}
                  onViewChange={list.setView}
                  artists={artists.data?.artists ?? null}
                  count={list.albums.length}
                  updating={list.updating}
                />
                <div className="mt-6">
                  <SharedAlbumGrid albums={list.albums} dimmed={list.updating} />
                </div>
              </>
            ) : (
              <>
                <div className="flex flex-wrap items-end gap-3 border-b border-line pb-5" aria-hidden>
                  <Skeleton className="h-10 w-full sm:w-56" />
                  <Skeleton className="h-10 w-40" />
                  <Skeleton className="h-10 w-36" />
                </div>
                <div className="mt-6">
                  <SharedAlbumGridSkeleton />
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </SharedPageLayout>
  );
}

function CollectionHeading({ data }: { data: SharedCollectionResponse | undefined }) {
  if (!data) {
    return (
      <div className="grid gap-3" aria-busy>
        <span className="sr-only">Loading the shared collection</span>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-4 w-44" />
      </div>
    );
  }
  return (
    <div>
      <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wider text-accent uppercase">
        <Eye aria-hidden className="size-3.5" />
        Shared collection · view only
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-balance sm:text-4xl">{data.collection.name}</h1>
      <p className="mt-2 text-ink-muted">{ownerLine(data.collection.owner)}</p>
    </div>
  );
}

/** docs/product/sharing.md#public-page: an invalid or disabled link. The page's own heading, so it is an h1. */
function SharedCollectionNotFound() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-5 grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <Link2Off aria-hidden className="size-8" strokeWidth={1.75} />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{SHARING_MESSAGES.notFoundTitle}</h1>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{SHARING_MESSAGES.notFoundText}</p>
      <Button className="mt-6" onClick={() => navigate('/')}>
        <House aria-hidden />
        Return to Home
      </Button>
    </div>
  );
}

import { ArrowLeft, Library, SearchX } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useRoute, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api-client';
import { navigateAway } from '../../lib/leave-guard';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCollections } from '../collections/api';
import { LoadError } from '../../components/load-error';
import { arriveHomeAt } from '../../lib/home-view-memory';
import { collectionHref } from '../collections/selected-collection';
import { albumToFormValues, newAlbumValues } from './album-form-values';
import { useAlbums } from './api';
import { AlbumCopiesPanel } from './components/album-copies-panel';
import { AlbumForm } from './components/album-form';
import { NotesOfflineNotice } from './components/notes-offline-notice';
import { useAlbumToEdit } from './use-album-to-edit';
import { useAlbumPrefill } from './use-album-prefill';

const MAX_ID = 2_147_483_647;

/** The album id of /album/{id}: 'new', a valid id, or null for anything else (shown as not found). */
function parseAlbumId(raw: string | undefined): 'new' | number | null {
  if (raw === 'new') return 'new';
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function PageFrame({ title, backHref, children }: { title: string; backHref: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-6 sm:px-6 sm:pt-10">
      <Button variant="ghost" className="-ml-3" onClick={() => navigateAway(navigate, backHref)}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <h1 className="mt-3 mb-6 text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the album">
      {[3, 3, 6].map((fields, section) => (
        <div key={section} className="grid gap-5 rounded-2xl border border-line bg-surface p-6 sm:grid-cols-2">
          <Skeleton className="h-5 w-24 sm:col-span-2" />
          {Array.from({ length: fields }, (_, index) => (
            <div key={index} className="grid gap-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * After a save or a delete (`done`: nothing left to lose) or a Cancel (asks first when there is
 * typed work): the collection home with the album's collection selected (docs/product/collections.md#arrival).
 */
function useBackHome() {
  const [, navigate] = useLocation();
  return (collection: string | null, done = false) => navigateAway(navigate, collection ? collectionHref(collection) : '/', { force: done });
}

function NewAlbum() {
  useDocumentTitle('Add Album');
  const collectionsQuery = useCollections();
  const requested = new URLSearchParams(useSearch()).get('collection');
  const goHome = useBackHome();
  const prefill = useAlbumPrefill();
  const names = useMemo(() => collectionsQuery.data?.map((c) => c.name), [collectionsQuery.data]);
  // The collection the form starts in: the ?collection= one, when it exists (in any case).
  const initial = requested ? names?.find((name) => name.toLocaleLowerCase() === requested.toLocaleLowerCase()) ?? '' : '';
  const backHref = initial ? collectionHref(initial) : '/';

  let body: ReactNode;
  if (!names) {
    body = collectionsQuery.isError ? (
      <LoadError title="Your collections could not be loaded" retrying={collectionsQuery.isFetching} onRetry={() => void collectionsQuery.refetch()} />
    ) : (
      <FormSkeleton />
    );
  } else if (names.length === 0) {
    body = (
      <EmptyState
        icon={Library}
        title="Create a collection first"
        text="Albums live in collections. Create one on the collection page, then add this album to it."
        action={
          <Button asChild>
            <Link href="/">Go to your collections</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <AlbumForm
        defaultValues={{ ...newAlbumValues(initial, new Date().getFullYear()), ...prefill }}
        collections={names}
        onSaved={(album) => {
          toast({ title: 'Album added', description: `“${album.title}” by ${album.artist} was added to “${album.collection}”.`, variant: 'success' });
          arriveHomeAt({ kind: 'album', id: album.id });
          goHome(album.collection, true);
        }}
        onDeleted={() => undefined}
        onCancel={() => goHome(initial || null)}
      />
    );
  }
  return (
    <PageFrame title="Add Album" backHref={backHref}>
      {body}
    </PageFrame>
  );
}

function EditAlbum({ id }: { id: number }) {
  const { query: albumResult, album, notesOffline } = useAlbumToEdit(id);
  const collectionsQuery = useCollections();
  const albumsQuery = useAlbums();
  const goHome = useBackHome();
  useDocumentTitle(album ? `Edit ${album.title}` : 'Edit Album');
  const names = useMemo(() => collectionsQuery.data?.map((c) => c.name), [collectionsQuery.data]);

  if (!album && isApiError(albumResult.error, 404)) return <AlbumNotFound />;

  let body: ReactNode;
  if (album && names) {
    body = (
      <>
        {notesOffline && <NotesOfflineNotice />}
        <AlbumCopiesPanel album={album} albums={albumsQuery.data} />
        <AlbumForm
          key={album.id}
          album={album}
          notesOffline={notesOffline}
          defaultValues={albumToFormValues(album)}
          collections={names}
          onSaved={(saved) => {
            toast({ title: 'Album updated', description: `Your changes to “${saved.title}” were saved.`, variant: 'success' });
            arriveHomeAt({ kind: 'album', id: saved.id });
            goHome(saved.collection, true);
          }}
          onDeleted={(deleted) => {
            toast({ title: 'Album deleted', description: `“${deleted.title}” was removed from “${deleted.collection}”.`, variant: 'success' });
            arriveHomeAt({ kind: 'top' });
            goHome(deleted.collection, true);
          }}
          onCancel={() => goHome(album.collection)}
        />
      </>
    );
  } else if ((!album && albumResult.isError) || (!names && collectionsQuery.isError)) {
    body = (
      <LoadError
        title="This album could not be loaded"
        retrying={albumResult.isFetching || collectionsQuery.isFetching}
        onRetry={() => {
          if (albumResult.isError) void albumResult.refetch();
          if (collectionsQuery.isError) void collectionsQuery.refetch();
        }}
      />
    );
  } else {
    body = <FormSkeleton />;
  }
  return (
    <PageFrame title="Edit Album" backHref={album ? collectionHref(album.collection) : '/'}>
      {body}
    </PageFrame>
  );
}

function AlbumNotFound() {
  useDocumentTitle('Album not found');
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <EmptyState
        icon={SearchX}
        title="Album not found"
        text="This album does not exist, or it has been deleted."
        action={
          <Button asChild>
            <Link href="/">
              <ArrowLeft aria-hidden />
              Back to your collection
            </Link>
          </Button>
        }
      />
    </main>
  );
}

/** /album/new (optional ?collection=) and /album/{id} (docs/product/albums.md#form). */
export default function AlbumFormPage() {
  const [, params] = useRoute<{ id: string }>('/album/:id');
  const id = parseAlbumId(params?.id);
  if (id === 'new') return <NewAlbum />;
  if (id === null) return <AlbumNotFound />;
  return <EditAlbum key={id} id={id} />;
}

import { Disc3, Plus } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { accessLevel } from '../../../common/access';
import type { Collection } from '../../../common/collections.schemas';
import { countOverdue, LOAN_REMINDER_DEFAULT_DAYS, loanToday, type LoanReminders } from '../../../common/loans';
import { Button } from '../../components/ui/button';
import { Dialog, DrawerContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { errorToast, toast } from '../../components/ui/use-toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsNarrow } from '../../lib/use-is-narrow';
import { formatCount } from '../../lib/number-format';
import { useAlbums } from '../albums/api';
import { useCollections, useCreateCollection, useDeleteCollection, useRenameCollection } from '../collections/api';
import { AppHeader } from '../../app/app-header';
import { CollectionAlbums, CollectionAlbumsSkeleton } from './components/collection-albums';
import { ALL_ALBUMS_TITLE } from './components/collection-heading';
import { LoadError } from '../../components/load-error';
import * as dialogs from './collection-home-dialogs';
import { CollectionsSidebar } from '../collections/components/collections-sidebar';
import { ALL_ALBUMS, collectionAfterDelete, collectionHref } from '../collections/selected-collection';
import { useSelectedCollection } from '../collections/use-selected-collection';
import { OfflineNotice } from '../../offline/offline-notice';
import { OverdueNotice } from './components/overdue-notice';
import { HomeEnrichmentLine } from '../enrichment/components/enrichment-line';
import { useServerRender } from '../../app/server-render-context';
import { drawnHomeHead, forgetDrawnHomeHead } from '../../lib/drawn-home-head';

/**
 * docs/product/subscription.md#access: an inactive subscription or an expired trial gates the collection;
 * the subscription page explains. Returns the user.
 */
function useGatedRedirect() {
  const { user } = useSessionUser();
  const [, navigate] = useLocation();
  const gated = user ? accessLevel(user) === 'gated' : false;
  useEffect(() => {
    if (gated) navigate('/subscription', { replace: true });
  }, [gated, navigate]);
  return user;
}

/**
 * The sidebar as a drawer, at 768 px and less. The width is read here, not by the page: a narrow
 * browser hydrating the wide server drawing then re-renders only this (an external store's change
 * is rendered synchronously, and the whole home in one task was blocking time).
 */
function CollectionsDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const narrow = useIsNarrow(open);
  return (
    <Dialog open={narrow && open} onOpenChange={onOpenChange}>
      <DrawerContent title="Collections">{children}</DrawerContent>
    </Dialog>
  );
}

type NameDialog = { mode: 'create' } | { mode: 'rename'; collection: Collection };

/** A refusal the name field can show (a clash, a bad name, the free-tier limit); others only toast. */
function fieldRefusal(error: unknown): string | undefined {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.serverMessage : undefined;
}

/** Only while no user is read (the home is not shown then): the default days, counted from the browser's UTC day. */
const fallbackReminders: LoanReminders = { days: LOAN_REMINDER_DEFAULT_DAYS, today: loanToday() };

const albumsPhrase = (count: number) => (count === 1 ? '1 album' : `${formatCount(count)} albums`);

/** The collection home (/, /collection, /collections; docs/product/collections.md#home). */
export default function CollectionHomePage() {
  // The user read once for both: the gate, and the loan reminders the cards are flagged with.
  const reminders = useGatedRedirect()?.loanReminders ?? fallbackReminders;
  const [, navigate] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collectionsQuery = useCollections();
  const albumsQuery = useAlbums();
  const collections = collectionsQuery.data;
  const selection = useSelectedCollection(collections);
  // All albums (docs/product/collections.md#all-albums) is no collection: nothing to share, rename or delete.
  const allAlbums = selection === 'all';
  const selected = allAlbums ? null : selection;
  useDocumentTitle(allAlbums ? ALL_ALBUMS_TITLE : (selected?.name ?? 'Your collection'));

  const create = useCreateCollection();
  const rename = useRenameCollection();
  const remove = useDeleteCollection();
  const [nameDialog, setNameDialog] = useState<NameDialog>({ mode: 'create' });
  const [nameDialogOpen, setNameDialogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Collection | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);

  // The dialogs' code follows the collector's first press or key on the page (collection-home-dialogs.ts).
  useEffect(() => dialogs.preloadHomeDialogsOnIntent(), []);

  // Across every collection, from the list the home reads anyway: the server's drawing counts the same.
  const albumList = albumsQuery.data;
  // While the list is read after the drawn home's takeover, the drawing's own count (lib/drawn-home-head.ts).
  const overdueCount = useMemo(
    () => (albumList ? countOverdue(albumList, reminders) : (drawnHomeHead()?.overdueCount ?? 0)),
    [albumList, reminders],
  );
  const server = useServerRender();
  if (albumList) server?.recordHead?.({ overdueCount });
  useEffect(() => {
    if (albumList) forgetDrawnHomeHead();
  }, [albumList]);

  const totalAlbums = useMemo(() => collections?.reduce((sum, c) => sum + c.albumCount, 0) ?? 0, [collections]);

  const openNameDialog = (dialog: NameDialog) => {
    setDrawerOpen(false);
    setNameDialog(dialog);
    setNameDialogOpen(true);
  };
  const openDelete = (collection: Collection) => {
    setDrawerOpen(false);
    setToDelete(collection);
    setDeleteOpen(true);
  };

  const onCreate = async (name: string) => {
    try {
      const created = await create.mutateAsync({ name });
      setNameDialogOpen(false);
      toast({ title: 'Collection created', description: `“${created.name}” is ready for its first album.`, variant: 'success' });
      navigate(collectionHref(created.name));
    } catch (error) {
      errorToast(errorMessage(error));
      return fieldRefusal(error);
    }
  };

  const onRename = async (collection: Collection, name: string) => {
    if (name === collection.name) {
      setNameDialogOpen(false);
      return;
    }
    try {
      const renamed = await rename.mutateAsync({ id: collection.id, name });
      setNameDialogOpen(false);
      toast({ title: 'Collection updated', description: `“${collection.name}” is now “${renamed.name}”.`, variant: 'success' });
      if (selected?.id === collection.id) navigate(collectionHref(renamed.name), { replace: true });
    } catch (error) {
      errorToast(errorMessage(error));
      return fieldRefusal(error);
    }
  };

  const onDelete = async (collection: Collection) => {
    const names = collections?.map((c) => c.name) ?? [];
    try {
      await remove.mutateAsync({ id: collection.id, name: collection.name });
      setDeleteOpen(false);
      toast({
        title: 'Collection deleted',
        description: `“${collection.name}” and its ${albumsPhrase(collection.albumCount)} were deleted.`,
        variant: 'success',
      });
      if (selected?.id === collection.id) {
        const next = collectionAfterDelete(names, collection.name);
        navigate(next === null ? '/collection' : collectionHref(next), { replace: true });
      }
      // The page it was scrolled on is gone: the next one starts at its top.
      window.scrollTo(0, 0);
    } catch (error) {
      errorToast(errorMessage(error));
    }
  };

  const retry = () => {
    if (collectionsQuery.isError) void collectionsQuery.refetch();
    if (albumsQuery.isError) void albumsQuery.refetch();
  };

  // isFetching is read only after a failure: a query re-renders the components that read a field when
  // it changes, and the refetch on mount right after the hydration would otherwise re-render the home
  // twice, synchronously (blocking time on the server-drawn home).
  const sidebar = (inDrawer: boolean) => (
    <CollectionsSidebar
      inDrawer={inDrawer}
      collections={collections}
      failed={collectionsQuery.isError}
      retrying={collectionsQuery.isError && collectionsQuery.isFetching}
      onRetry={() => void collectionsQuery.refetch()}
      selected={allAlbums ? ALL_ALBUMS : (selected?.name ?? null)}
      onChoose={() => setDrawerOpen(false)}
      onCreate={() => openNameDialog({ mode: 'create' })}
      onRename={(collection) => openNameDialog({ mode: 'rename', collection })}
      onDelete={openDelete}
    />
  );

  let main;
  if (collections === undefined) {
    main = collectionsQuery.isError ? (
      <LoadError title="Your collections could not be loaded" retrying={collectionsQuery.isFetching} onRetry={retry} />
    ) : (
      <CollectionAlbumsSkeleton />
    );
  } else if (selection === null) {
    main = (
      <EmptyState
        icon={Disc3}
        title="No collections yet"
        text="Start a collection for your records, say “Living room shelf” or “Jazz”, then add albums and Spindle finds their cover art."
        action={
          <Button onClick={() => openNameDialog({ mode: 'create' })}>
            <Plus aria-hidden />
            Create your first collection
          </Button>
        }
      />
    );
  } else {
    main = (
      <CollectionAlbums
        collection={selected}
        totalAlbums={totalAlbums}
        albums={albumsQuery.data}
        albumsFailed={albumsQuery.isError}
        retrying={albumsQuery.isError && albumsQuery.isFetching}
        onRetry={retry}
        onRename={(collection) => openNameDialog({ mode: 'rename', collection })}
        onDelete={openDelete}
        reminders={reminders}
      />
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        onShare={allAlbums ? undefined : () => (selected ? setShareOpen(true) : errorToast('No collection selected to share'))}
        onExport={() => setExportOpen(true)}
        onOpenSidebar={() => setDrawerOpen(true)}
        overdueCount={overdueCount}
      />
      <div className="flex min-h-0 flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 border-r border-line bg-surface/60 min-[769px]:block">
          {sidebar(false)}
        </aside>
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <OfflineNotice />
          <OverdueNotice albums={albumList} reminders={reminders} />
          <HomeEnrichmentLine />
          {main}
        </main>
      </div>
      <CollectionsDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        {sidebar(true)}
      </CollectionsDrawer>

      <dialogs.CollectionNameDialog.Component
        open={nameDialogOpen}
        onOpenChange={setNameDialogOpen}
        mode={nameDialog.mode}
        initialName={nameDialog.mode === 'rename' ? nameDialog.collection.name : ''}
        pending={nameDialog.mode === 'create' ? create.isPending : rename.isPending}
        onSubmit={(name) => (nameDialog.mode === 'create' ? onCreate(name) : onRename(nameDialog.collection, name))}
      />
      <dialogs.ConfirmDialog.Component
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete “${toDelete?.name ?? ''}”?`}
        description={
          toDelete && toDelete.albumCount > 0
            ? `The collection and the ${albumsPhrase(toDelete.albumCount)} in it will be deleted. This cannot be undone.`
            : 'The collection will be deleted. It has no albums. This cannot be undone.'
        }
        confirmLabel="Delete collection"
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (toDelete) void onDelete(toDelete);
        }}
      />
      {selected && <dialogs.ShareDialog.Component open={shareOpen} onOpenChange={setShareOpen} collection={selected} />}
      <dialogs.ExportDialog.Component
        open={exportOpen}
        onOpenChange={setExportOpen}
        selected={selected ? { name: selected.name, albumCount: selected.albumCount } : null}
        totalAlbums={totalAlbums}
      />
    </div>
  );
}

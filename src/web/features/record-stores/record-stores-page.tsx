import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Map as MapIcon, Plus, Share2, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { STORAGE_KEYS } from '../../../common/constants';
import {
  coordinatesMessage,
  sharedStoresPath,
  type RecordStore,
  type RecordStoreRequest,
} from '../../../common/record-stores.schemas';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorToast, toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api-client';
import { API } from '../../lib/api-paths';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  mapConfigQuery,
  recordStoresQuery,
  STORE_ERRORS,
  updateStoreCoordinates,
  useAddStore,
  useDeleteStore,
  useShareStores,
  useUpdateStore,
} from './api';
import { ShareStoresDialog } from './components/share-stores-dialog';
import { StoreCard, StoreGrid } from './components/store-card';
import { StoreFormDialog } from './components/store-form-dialog';
import { backHref } from './map-links';
import { formValuesOf } from './store-form-values';

/** Update Maps, store by store: `{done, total}` while it runs. */
function useUpdateMaps(stores: RecordStore[] | undefined) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async () => {
    const missing = (stores ?? []).filter((store) => store.latitude === null || store.longitude === null);
    setProgress({ done: 0, total: missing.length });
    let updated = 0;
    try {
      for (const [index, store] of missing.entries()) {
        updated += (await updateStoreCoordinates(store.id)).updated;
        setProgress({ done: index + 1, total: missing.length });
      }
      toast({ title: 'Maps updated', description: coordinatesMessage(updated, missing.length), variant: 'success' });
    } catch (error) {
      errorToast(isApiError(error) && error.serverMessage ? error.serverMessage : STORE_ERRORS.coordinates);
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: [API.recordStores], exact: true });
    }
  };
  return { progress, run };
}

/** /record-stores (docs/product/record-stores.md#page): the signed-in user's stores, their dialogs, Update Maps and Share. */
export default function RecordStoresPage() {
  useDocumentTitle('Record Stores');
  const [, navigate] = useLocation();
  const stores = useQuery(recordStoresQuery());
  const mapConfig = useQuery(mapConfigQuery());
  const add = useAddStore();
  const update = useUpdateStore();
  const remove = useDeleteStore();
  const share = useShareStores();
  const maps = useUpdateMaps(stores.data);

  const [addOpen, setAddOpen] = useState(false);
  const [editing, setEditing] = useState<RecordStore | null>(null);
  const [deleting, setDeleting] = useState<RecordStore | null>(null);
  // The dialog keeps the name it asked about while it animates closed.
  const [deletingName, setDeletingName] = useState('');
  const askDelete = (store: RecordStore) => {
    setDeletingName(store.name);
    setDeleting(store);
  };
  const [shareLink, setShareLink] = useState('');
  const [shareOpen, setShareOpen] = useState(false);
  const editValues = useMemo(() => (editing ? formValuesOf(editing) : undefined), [editing]);

  const list = stores.data ?? [];
  const none = list.length === 0;

  const onAdd = async (store: RecordStoreRequest) => {
    try {
      await add.mutateAsync(store);
      setAddOpen(false);
    } catch (error) {
      console.error(STORE_ERRORS.add, error);
      throw error;
    }
  };
  const onEdit = async (store: RecordStoreRequest) => {
    if (!editing) return;
    try {
      await update.mutateAsync({ id: editing.id, store });
      setEditing(null);
    } catch (error) {
      console.error(STORE_ERRORS.update, error);
      throw error;
    }
  };
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => console.error(STORE_ERRORS.delete, error),
    });
  };
  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: ({ shareToken }) => {
        setShareLink(`${window.location.origin}${sharedStoresPath(shareToken)}`);
        setShareOpen(true);
      },
      onError: (error) => console.error(STORE_ERRORS.share, error),
    });

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Button
        variant="ghost"
        className="-ml-3"
        onClick={() => navigate(backHref(localStore.get(STORAGE_KEYS.selectedCollection)))}
      >
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Record Stores</h1>
          <p className="mt-2 text-sm text-ink-muted">The record shops you have visited, with notes and a map.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={maps.progress !== null || none}
            loading={maps.progress !== null}
            onClick={() => void maps.run()}
          >
            {maps.progress === null && <MapIcon aria-hidden />}
            {maps.progress
              ? `Updating ${Math.min(maps.progress.done + 1, maps.progress.total)} of ${maps.progress.total}…`
              : 'Update Maps'}
          </Button>
          <Button variant="secondary" disabled={none} loading={share.isPending} onClick={onShare}>
            {!share.isPending && <Share2 aria-hidden />}
            Share
          </Button>
          <Button onClick={() => setAddOpen(true)}>
            <Plus aria-hidden />
            Add Record Store
          </Button>
        </div>
      </div>

      <div className="mt-8">
        {stores.isPending ? (
          <div className="grid place-items-center py-24">
            <Spinner className="size-8" label="Loading record stores" />
          </div>
        ) : stores.isError ? (
          <p role="alert" className="py-16 text-center text-ink-muted">
            {isApiError(stores.error) && stores.error.serverMessage ? stores.error.serverMessage : STORE_ERRORS.fetch}
          </p>
        ) : none ? (
          <EmptyState
            icon={Store}
            title="No Record Stores Yet"
            text="Start tracking the record stores you've visited by adding your first one."
            action={
              <Button onClick={() => setAddOpen(true)}>
                <Plus aria-hidden />
                Add Your First Record Store
              </Button>
            }
          />
        ) : (
          <StoreGrid>
            {list.map((store) => (
              <StoreCard
                key={store.id}
                store={store}
                mapConfig={mapConfig.data}
                onEdit={() => setEditing(store)}
                onDelete={() => askDelete(store)}
              />
            ))}
          </StoreGrid>
        )}
      </div>

      <StoreFormDialog mode="add" open={addOpen} onOpenChange={setAddOpen} busy={add.isPending} onSubmit={onAdd} />
      <StoreFormDialog
        mode="edit"
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        initialValues={editValues}
        busy={update.isPending}
        onSubmit={onEdit}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirm Deletion"
        description={`Are you sure you want to delete ${deletingName}? This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={onDelete}
      />
      <ShareStoresDialog open={shareOpen} onOpenChange={setShareOpen} link={shareLink} />
    </main>
  );
}

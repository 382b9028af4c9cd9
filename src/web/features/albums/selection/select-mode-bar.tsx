import { FolderInput, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AlbumBulkChanges } from '../../../../common/album-bulk.schemas';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCollections } from '../../collections/api';
import { useBulkAlbums, type AlbumBulkCall } from './bulk-api';
import { changeText, MoveAlbumsDialog, SetFieldDialog, type BulkField } from './select-mode-dialogs';
import { deleteConfirm, doneToast, selectAllText, selectedText } from './select-mode-texts';

export interface SelectModeBarProps {
  /** Select mode is on (the bar's code loads the first time it is). */
  open: boolean;
  /** The collection the home shows: Move offers the others. */
  collection: string;
  /** The ticked albums the filters show, which every action applies to. */
  selected: readonly number[];
  shownCount: number;
  onSelectAll: () => void;
  /** After an action succeeded: Select mode is left. */
  onDone: () => void;
}

type Open = 'move' | 'set' | 'delete' | null;

/**
 * The bar under the grid in Select mode (docs/product/albums.md#select-mode): how many are ticked,
 * "Select all N shown", Move to collection, Set… and Delete, each one POST /api/albums/bulk. Success:
 * one toast with the server's count, the list read again, Select mode left. A refusal (the free tier's
 * 402, a 404) shows the server's message; nothing changed, so the selection stays.
 */
export function SelectModeBar({ open, collection, selected, shownCount, onSelectAll, onDone }: SelectModeBarProps) {
  const bulk = useBulkAlbums();
  const collections = useCollections().data;
  const [dialog, setDialog] = useState<Open>(null);
  if (!open) return null;
  const count = selected.length;
  const others = (collections ?? []).map((each) => each.name).filter((name) => name !== collection);

  const run = async (call: AlbumBulkCall, message: (count: number) => { title: string; description: string | undefined }) => {
    try {
      const { count: changed } = await bulk.mutateAsync(call);
      setDialog(null);
      toast({ ...message(changed), variant: 'success' });
      onDone();
    } catch (error) {
      setDialog(null);
      errorToast(errorMessage(error));
    }
  };
  const ids = [...selected];
  const onMove = (target: string) => void run({ action: 'move', ids, collection: target }, (n) => doneToast.move(n, target));
  const onSet = (field: BulkField, changes: AlbumBulkChanges, value: string) =>
    void run({ action: 'update', ids, changes }, (n) => doneToast.update(n, changeText(field, value)));
  const onDelete = () => void run({ action: 'delete', ids }, doneToast.delete);
  const confirm = deleteConfirm(count);

  return (
    <div
      role="region"
      aria-label="Selected albums"
      data-testid="select-mode-bar"
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-line bg-surface/95 p-2 pl-4 shadow-lg backdrop-blur-sm"
    >
      <div className="flex min-w-0 flex-1 basis-full items-center justify-between gap-2 sm:basis-auto sm:justify-start">
        <p className="text-sm font-medium whitespace-nowrap tabular-nums" aria-live="polite" data-testid="selected-count">
          {selectedText(count)}
        </p>
        <Button variant="ghost" className="h-11 px-3 text-accent-strong" onClick={onSelectAll} disabled={count === shownCount}>
          {selectAllText(shownCount)}
        </Button>
      </div>
      <div className="grid flex-1 grid-cols-3 gap-2 sm:flex sm:flex-none">
        <Button variant="secondary" className="h-11" disabled={count === 0 || others.length === 0} onClick={() => setDialog('move')}>
          <FolderInput aria-hidden />
          <span className="sm:hidden">Move</span>
          <span className="max-sm:hidden">Move to collection</span>
        </Button>
        <Button variant="secondary" className="h-11" disabled={count === 0} onClick={() => setDialog('set')}>
          <PencilLine aria-hidden />
          Set…
        </Button>
        <Button variant="danger" className="h-11" disabled={count === 0} onClick={() => setDialog('delete')}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>

      <MoveAlbumsDialog
        open={dialog === 'move'}
        onOpenChange={(next) => setDialog(next ? 'move' : null)}
        count={count}
        pending={bulk.isPending}
        collections={others}
        onMove={onMove}
      />
      <SetFieldDialog open={dialog === 'set'} onOpenChange={(next) => setDialog(next ? 'set' : null)} count={count} pending={bulk.isPending} onSet={onSet} />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(next) => setDialog(next ? 'delete' : null)}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={confirm.confirmLabel}
        destructive
        loading={bulk.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}

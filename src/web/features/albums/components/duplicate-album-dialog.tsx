import { ConfirmDialog } from '../../../components/ui/alert-dialog';

export interface DuplicateAlbumDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's message ("… is already in …. Would you like to add it anyway?"). */
  message: string;
  loading: boolean;
  onAddAnyway: () => void;
}

/** The Duplicate Album dialog (docs/product/albums.md#duplicates): Cancel, or Add Anyway to add it with allowDuplicate. */
export function DuplicateAlbumDialog({ open, onOpenChange, message, loading, onAddAnyway }: DuplicateAlbumDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Duplicate Album"
      description={
        <>
          <span className="block">This album already exists in this collection</span>
          {message && <span className="mt-2 block">{message}</span>}
        </>
      }
      confirmLabel="Add Anyway"
      loading={loading}
      onConfirm={onAddAnyway}
    />
  );
}

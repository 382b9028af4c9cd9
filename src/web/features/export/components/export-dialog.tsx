import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { downloadAlbumsCsv, EXPORT_TOASTS } from '../export-csv';

export interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected collection, offered (and chosen) first; null when there is none. */
  selected: { name: string; albumCount: number } | null;
  /** Albums across every collection. */
  totalAlbums: number;
}

type Scope = 'selected' | 'all';

const albums = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'album' : 'albums'}`;

/**
 * Export to CSV (docs/product/export.md#dialog): the selected collection by default, or
 * every collection ("All", which omits ?collection=). The file is what the server names
 * it.
 */
export function ExportDialog({ open, onOpenChange, selected, totalAlbums }: ExportDialogProps) {
  const [scope, setScope] = useState<Scope>('selected');
  const [busy, setBusy] = useState(false);
  const effective: Scope = selected ? scope : 'all';
  // The next opening starts again from the selected collection.
  const close = () => {
    setScope('selected');
    onOpenChange(false);
  };

  const onExport = async () => {
    setBusy(true);
    try {
      await downloadAlbumsCsv(effective === 'selected' && selected ? selected.name : null);
      toast({ ...EXPORT_TOASTS.success, variant: 'success' });
      close();
    } catch {
      // Closed, so the toast is not hidden from assistive tech behind a modal dialog.
      close();
      toast({ ...EXPORT_TOASTS.failure, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const choices: { value: Scope; label: string; detail: string; disabled: boolean }[] = [
    {
      value: 'selected',
      label: selected ? `“${selected.name}”` : 'The selected collection',
      detail: selected ? albums(selected.albumCount) : 'No collection selected',
      disabled: !selected,
    },
    { value: 'all', label: 'All collections', detail: albums(totalAlbums), disabled: false },
  ];

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent size="sm" title="Export to CSV" description="Download your albums as a spreadsheet file.">
        <fieldset className="grid gap-2">
          <legend className="sr-only">Albums to export</legend>
          {choices.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition-colors duration-150',
                effective === choice.value ? 'border-accent bg-accent-soft' : 'border-line hover:bg-muted',
                choice.disabled && 'cursor-not-allowed opacity-55',
              )}
            >
              <input
                type="radio"
                name="export-scope"
                value={choice.value}
                checked={effective === choice.value}
                disabled={choice.disabled}
                onChange={() => setScope(choice.value)}
                className="size-4 accent-[var(--color-accent)]"
              />
              <span className="grid min-w-0 gap-0.5">
                <span className="truncate text-sm font-medium">{choice.label}</span>
                <span className="text-xs text-ink-muted tabular-nums">{choice.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button loading={busy} onClick={() => void onExport()}>
            {!busy && <Download aria-hidden />}
            Export
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

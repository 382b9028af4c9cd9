import { Library, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { Tooltip } from '../../../components/ui/tooltip';

export const CREATE_COLLECTION_SOON = 'Creating collections arrives in the next update.';

/** A disabled "new collection" button; the tooltip hangs on a focusable wrapper since a disabled button gets no pointer events. */
function NewCollectionButton({ wide }: { wide: boolean }) {
  return (
    <Tooltip content={CREATE_COLLECTION_SOON}>
      <span tabIndex={0} className={wide ? 'block rounded-lg' : 'rounded-md'}>
        {wide ? (
          <Button variant="secondary" className="w-full" disabled>
            <Plus aria-hidden />
            New collection
          </Button>
        ) : (
          <Button variant="ghost" size="sm" disabled aria-label="New collection">
            <Plus aria-hidden />
          </Button>
        )}
      </span>
    </Tooltip>
  );
}

/**
 * The collections list (spec 1 §2). In this shell it is empty; its issue fills it. In the drawer the
 * drawer's own title names it, so the heading row gives way to a full-width button.
 */
export function CollectionsSidebar({ inDrawer = false }: { inDrawer?: boolean }) {
  return (
    <nav aria-label="Collections" className="flex h-full min-h-0 flex-col">
      {inDrawer ? (
        <div className="px-4 pt-4 pb-3">
          <NewCollectionButton wide />
        </div>
      ) : (
        <div className="flex items-center justify-between px-4 pt-5 pb-3">
          <h2 className="text-xs font-semibold tracking-widest text-ink-muted uppercase">Collections</h2>
          <NewCollectionButton wide={false} />
        </div>
      )}
      <ScrollArea className="min-h-0 flex-1">
        <div className="mx-4 flex items-center gap-3 rounded-xl border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
          <Library aria-hidden className="size-4 shrink-0" />
          Your collections will be listed here.
        </div>
      </ScrollArea>
    </nav>
  );
}

import { Layers, Library, MoreHorizontal, Plus, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import type { Collection } from '../../../../common/collections.schemas';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/number-format';
import { ALL_ALBUMS, collectionHref } from '../selected-collection';
import { CollectionActionItems } from './collection-action-items';

export interface CollectionsSidebarProps {
  /** In the drawer the drawer's own title names the list, so the heading row gives way to a full-width button. */
  inDrawer?: boolean;
  collections: readonly Collection[] | undefined;
  /** The first load failed (a failed refetch keeps the list it has). */
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** The selected collection's name, ALL_ALBUMS for All albums, or null. */
  selected: string | null;
  /** Called when a collection is chosen (the link itself switches to it). */
  onChoose?: () => void;
  onCreate: () => void;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}

/** The collections list (docs/product/collections.md#home) with each one's album count, and create, rename and delete. */
export function CollectionsSidebar({
  inDrawer = false,
  collections,
  failed,
  retrying,
  onRetry,
  selected,
  onChoose,
  onCreate,
  onRename,
  onDelete,
}: CollectionsSidebarProps) {
  return (
    <nav aria-label="Collections" className="flex h-full min-h-0 flex-col">
      {inDrawer ? (
        <div className="px-4 pt-4 pb-3">
          <Button variant="secondary" className="w-full" onClick={onCreate}>
            <Plus aria-hidden />
            New collection
          </Button>
        </div>
      ) : (
        <div className="flex items-center justify-between px-4 pt-5 pb-3">
          <h2 className="text-xs font-semibold tracking-widest text-ink-muted uppercase">Collections</h2>
          <Button variant="ghost" size="sm" aria-label="New collection" title="New collection" onClick={onCreate}>
            <Plus aria-hidden />
          </Button>
        </div>
      )}
      <ScrollArea className="min-h-0 flex-1">
        {collections === undefined ? (
          failed ? (
            <div className="mx-4 grid gap-3 rounded-xl border border-line px-3 py-4 text-sm text-ink-muted">
              <p>Your collections could not be loaded.</p>
              <Button variant="secondary" size="sm" className="justify-self-start" loading={retrying} onClick={onRetry}>
                {!retrying && <RefreshCw aria-hidden />}
                Try again
              </Button>
            </div>
          ) : (
            <div className="grid gap-1 px-2" aria-busy="true" aria-label="Loading collections">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} className="mx-2 my-2 h-5" />
              ))}
            </div>
          )
        ) : collections.length === 0 ? (
          <div className="mx-4 flex items-center gap-3 rounded-xl border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
            <Library aria-hidden className="size-4 shrink-0" />
            Your collections will be listed here.
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-0.5 px-2 pt-1 pb-4">
            <AllAlbumsRow
              albumCount={collections.reduce((sum, collection) => sum + collection.albumCount, 0)}
              current={selected === ALL_ALBUMS}
              onChoose={onChoose}
            />
            {collections.map((collection) => (
              <CollectionRow
                key={collection.id}
                collection={collection}
                current={collection.name === selected}
                onChoose={onChoose}
                onRename={onRename}
                onDelete={onDelete}
              />
            ))}
          </ul>
        )}
      </ScrollArea>
    </nav>
  );
}

const countLabel = (count: number) => (count === 1 ? '1 album' : `${formatCount(count)} albums`);

/**
 * docs/product/collections.md#all-albums: first in the list, every collection's albums at once. No
 * actions menu: it is not a collection, so there is nothing to rename, delete or share.
 */
function AllAlbumsRow({ albumCount, current, onChoose }: { albumCount: number; current: boolean; onChoose?: () => void }) {
  return (
    <li className={cn('flex items-center rounded-lg transition-colors duration-150', current ? 'bg-accent-soft' : 'hover:bg-muted')}>
      <Link
        href={collectionHref(ALL_ALBUMS)}
        aria-current={current ? 'page' : undefined}
        onClick={onChoose}
        data-testid="all-albums-link"
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded-lg py-2 pr-10 pl-3 text-sm',
          current ? 'font-semibold text-ink' : 'text-ink-muted hover:text-ink',
        )}
      >
        <Layers aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 flex-1 truncate">All albums</span>
        <span aria-hidden className="shrink-0 text-xs text-ink-muted tabular-nums" data-testid="all-albums-count">
          {formatCount(albumCount)}
        </span>
        <span className="sr-only">, {countLabel(albumCount)}</span>
      </Link>
    </li>
  );
}

interface CollectionRowProps {
  collection: Collection;
  current: boolean;
  onChoose?: () => void;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}

function CollectionRow({ collection, current, onChoose, onRename, onDelete }: CollectionRowProps) {
  return (
    <li className={cn('group relative flex items-center rounded-lg transition-colors duration-150', current ? 'bg-accent-soft' : 'hover:bg-muted')}>
      <Link
        href={collectionHref(collection.name)}
        aria-current={current ? 'page' : undefined}
        onClick={onChoose}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded-lg py-2 pr-10 pl-3 text-sm',
          current ? 'font-semibold text-ink' : 'text-ink-muted hover:text-ink',
        )}
      >
        <span className="min-w-0 flex-1 truncate" title={collection.name}>
          {collection.name}
        </span>
        <span aria-hidden className="shrink-0 text-xs text-ink-muted tabular-nums" data-testid="collection-album-count">
          {formatCount(collection.albumCount)}
        </span>
        <span className="sr-only">, {collection.albumCount === 1 ? '1 album' : `${collection.albumCount} albums`}</span>
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label={`Actions for ${collection.name}`}
            className={cn(
              'absolute right-1 grid size-8 place-items-center rounded-md text-ink-muted transition-opacity duration-150 hover:bg-surface hover:text-ink',
              // Hidden until wanted on a pointer device; always there on touch, where nothing hovers.
              'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100 data-[state=open]:opacity-100',
            )}
          >
            <MoreHorizontal aria-hidden className="size-4" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <CollectionActionItems collection={collection} onRename={onRename} onDelete={onDelete} />
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

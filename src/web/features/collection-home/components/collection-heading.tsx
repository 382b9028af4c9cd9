import { CheckSquare, MoreHorizontal, Plus, ScanBarcode, X } from 'lucide-react';
import { memo, type RefObject } from 'react';
import { Link } from 'wouter';
import type { Collection } from '../../../../common/collections.schemas';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { CollectionActionItems } from '../../collections/components/collection-action-items';

/*
 * The home's heading and its buttons (docs/product/collections.md#home), apart from the count line:
 * memoized, so a letter typed in the search, which changes the count, does not draw the actions menu
 * and the buttons again (docs/decisions.md, "The first keystroke").
 */

/** Add Album in a collection starts the form in it; from All albums the form asks which collection. */
export const newAlbumHref = (collection: string | null) =>
  collection === null ? '/album/new' : `/album/new?collection=${encodeURIComponent(collection)}`;

/** The heading (and page title) of All albums (docs/product/collections.md#all-albums). */
export const ALL_ALBUMS_TITLE = 'All albums';

/** The collection's name (or All albums) and its actions menu: rename, share, export, delete. */
export const CollectionTitle = memo(function CollectionTitle({
  collection,
  onRename,
  onDelete,
}: {
  collection: Collection | null;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl" title={collection?.name}>
        {collection?.name ?? ALL_ALBUMS_TITLE}
      </h1>
      {collection && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Collection actions" className="shrink-0 text-ink-muted">
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-44">
            <CollectionActionItems collection={collection} onRename={onRename} onDelete={onDelete} />
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
});

/** Select (Done in Select mode), Check a record and Add Album. */
export const CollectionActions = memo(function CollectionActions({
  collection,
  canSelect,
  selecting,
  onSelect,
  onDone,
  selectButtonRef,
}: {
  collection: Collection | null;
  /** The collection has albums to select. */
  canSelect: boolean;
  /** Select mode is on. */
  selecting: boolean;
  onSelect: () => void;
  onDone: () => void;
  /** Where the focus returns when Select mode ends. */
  selectButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="flex items-center gap-2">
      {canSelect && (
        <Button ref={selectButtonRef} variant="secondary" className="max-sm:w-10 max-sm:px-0" onClick={selecting ? onDone : onSelect}>
          {selecting ? <X aria-hidden /> : <CheckSquare aria-hidden />}
          {/* On a phone the icon alone, so the collection's name keeps its room. */}
          <span className="max-sm:sr-only">{selecting ? 'Done' : 'Select'}</span>
        </Button>
      )}
      {/* docs/product/record-check.md#page: at a fair, "do I own this?" is one tap from the home. */}
      {/* The icon alone below 1024 px (a phone, or a tablet beside the sidebar): the collection's name keeps its room. */}
      <Button asChild variant="secondary" className="max-lg:w-10 max-lg:px-0">
        <Link href="/check" title="Check a record">
          <ScanBarcode aria-hidden />
          <span className="max-lg:sr-only">Check a record</span>
        </Link>
      </Button>
      <Button asChild>
        {/* On a phone "Add" shows, so the collection's name keeps its room beside three buttons; its name stays Add Album. */}
        <Link href={newAlbumHref(collection?.name ?? null)} aria-label="Add Album">
          <Plus aria-hidden />
          <span>
            Add<span className="max-sm:sr-only"> Album</span>
          </span>
        </Link>
      </Button>
    </div>
  );
});

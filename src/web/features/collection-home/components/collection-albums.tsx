import { Disc3, Plus, SearchX } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import type { Collection } from '../../../../common/collections.schemas';
import type { LoanReminders } from '../../../../common/loans';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/load-error';
import {
  albumCountText,
  albumsInCollection,
  filterAlbums,
  formatUsd,
  NO_FILTERS,
  prepareSearchKeys,
  sortAlbums,
  totalPriceCents,
  type AlbumFilters,
  type AlbumSortField,
} from '../../albums/album-view';
import { formatCount } from '../../../lib/number-format';
import { AlbumGrid, AlbumGridSkeleton } from '../../albums/components/album-grid';
import { ALL_ALBUMS } from '../../collections/selected-collection';
import { CollectionActions, CollectionTitle, newAlbumHref } from './collection-heading';
import { AlbumToolbar } from '../../albums/components/album-toolbar';
import { useSelectMode } from '../../albums/selection/use-select-mode';
import { DeferredSelectModeBar } from '../../albums/selection/select-mode-bar-deferred';
import {
  applyHomeViewSearch,
  HOME_VIEW_URL_PARAMS,
  parseHomeView,
  withHomeViewSearch,
  type HomeLayout,
} from '../../../../common/home-view';
import { useSearchExcept, useSearchNow } from '../../../lib/address-search';
import { useServerRender } from '../../../app/server-render-context';
import { HOME_HEAD_ALBUMS } from '../../../../common/home-render';
import { drawnHomeView, headFiltersKey } from '../../../lib/drawn-home-head';
import {
  clearHomeArrival,
  peekHomeArrival,
  readStoredHomeView,
  rememberedScroll,
  rememberScroll,
  rememberView,
} from '../../../lib/home-view-memory';

/** How long the album just saved stays marked in the grid. */
const ALBUM_MARK_MS = 2500;

export interface CollectionAlbumsProps {
  /** The selected collection; null for All albums, every collection's albums at once. */
  collection: Collection | null;
  /** Every collection's albums added up: what All albums counts while the albums load. */
  totalAlbums: number;
  /** Every album of the user; undefined while loading. */
  albums: readonly AlbumListItem[] | undefined;
  albumsFailed: boolean;
  retrying: boolean;
  onRetry: () => void;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
  /**
   * The user's loan reminders (docs/product/loans.md#reminders): the server's loan day and their
   * days, from the user the page already reads (no second query observer in the takeover), so the
   * drawn home and this one agree.
   */
  reminders: LoanReminders;
}

/** What the empty result says, naming the filters that are set. */
function noMatchText(filters: AlbumFilters, all: boolean): string {
  if (filters.lending === 'all')
    return `Nothing in ${all ? 'your collections' : 'this collection'} matches that artist and genre. Clear the filters to see every album.`;
  const what = filters.lending === 'lent' ? 'lent out' : 'overdue';
  const text =
    filters.artist.trim() || filters.genre.trim()
      ? `No album ${what} matches that artist and genre.`
      : `No album in ${all ? 'your collections' : 'this collection'} is ${what}.`;
  return `${text} Clear the filters to see every album.`;
}

/** Beside the lending filter: what overdue means for this collector, and where to change it (docs/product/loans.md#filter). */
function ReminderHint({ days }: { days: number }) {
  return (
    <p className="text-sm text-ink-muted" data-testid="loan-reminder-hint">
      Overdue means lent longer than {days === 1 ? '1 day' : `${formatCount(days)} days`}.{' '}
      <Link
        href="/profile#loan-reminders"
        className="font-medium text-accent-strong underline underline-offset-2 hover:text-accent"
      >
        Change the reminder
      </Link>
    </p>
  );
}

/**
 * The selected collection: its name, the album count and total price of what the filters show, Add
 * Album, the filters and sort, and the grid (docs/product/collections.md#home). A filter narrows the
 * grid in the keystroke's own render; a new sort follows a render later, the grid dimmed meanwhile.
 */
export function CollectionAlbums({
  collection,
  totalAlbums,
  albums,
  albumsFailed,
  retrying,
  onRetry,
  onRename,
  onDelete,
  reminders,
}: CollectionAlbumsProps) {
  // The sort, filters and layout the collector chose, kept on this device (the server draws with the
  // cookie copy of the same value, so the browser's first render matches the drawing).
  const server = useServerRender();
  // The address's sort and filters win over the stored ones (a shared link opens its view); the
  // server draws with the same address, so both drawings agree. The view's own parameters are read
  // once: this component writes them, and re-rendering at its own replaceState would only cost.
  const searchNow = useSearchNow();
  const otherParams = useSearchExcept(HOME_VIEW_URL_PARAMS);
  const [path, navigate] = useLocation();
  const all = collection === null;
  const name = collection?.name ?? ALL_ALBUMS;
  const albumCount = collection?.albumCount ?? totalAlbums;
  const [initialView] = useState(() =>
    applyHomeViewSearch(parseHomeView(server ? server.storedHomeView : readStoredHomeView()), searchNow()),
  );
  const [filters, setFilters] = useState<AlbumFilters>(initialView.filters);
  const [sortBy, setSortBy] = useState<AlbumSortField>(initialView.sortBy);
  const [layout, setLayout] = useState<HomeLayout>(initialView.layout);
  // After a save, a delete or an import the home opens where that action leads, not at the kept scroll.
  const [arrival] = useState(peekHomeArrival);
  const [restoreScrollY, setRestoreScrollY] = useState(() => (arrival ? undefined : rememberedScroll(name)));
  const [focusAlbumId, setFocusAlbumId] = useState(arrival?.kind === 'album' ? arrival.id : undefined);
  const [markedAlbumId, setMarkedAlbumId] = useState<number | undefined>(undefined);
  // A new sort orders every album again (a collator over thousands): the grid follows it a render
  // later, dimmed meanwhile. The filters narrow in the change's own render: the matches of the
  // cached search keys are a few substring tests each, and only the cards on screen are drawn, so
  // the first frame after a keystroke already shows them (docs/decisions.md, "The first keystroke").
  const deferredSortBy = useDeferredValue(sortBy);
  // The device's memory and the address follow each change at once, in its own task: a reload right
  // after Clear must open the view without the filters (docs/decisions.md, "The first keystroke").
  const storedFilters = useMemo(
    () => ({ ...filters, search: filters.search ?? '', format: filters.format ?? '', minRating: filters.minRating ?? 0 }),
    [filters],
  );
  useEffect(() => rememberView({ filters: storedFilters, sortBy, layout }), [storedFilters, sortBy, layout]);
  // The address follows the view (replacing the entry: each keystroke is not a page for Back), and
  // puts it back when another part of the address changes (another collection picked in the sidebar).
  useEffect(() => {
    const current = searchNow();
    const next = withHomeViewSearch(current, { sortBy, filters: storedFilters });
    if (next !== current) navigate(`${path}?${next}`, { replace: true });
  }, [otherParams, searchNow, sortBy, storedFilters, path, navigate]);
  useLayoutEffect(() => {
    if (!arrival) return;
    clearHomeArrival(arrival);
    // The page the action happened on was scrolled: the home starts at its top (the album, once its
    // row exists, is scrolled to by the grid).
    window.scrollTo(0, 0);
  }, [arrival]);
  // A layout effect, so the listener is gone before leaving shortens the page (which scrolls it).
  useLayoutEffect(() => {
    const onScroll = () => rememberScroll(name, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [name]);

  const inCollection = useMemo(
    () => (albums ? (all ? albums : albumsInCollection(albums, name)) : undefined),
    [albums, all, name],
  );
  const sorted = useMemo(
    () => (inCollection ? sortAlbums(inCollection, deferredSortBy) : undefined),
    [inCollection, deferredSortBy],
  );
  useEffect(() => (sorted ? prepareSearchKeys(sorted) : undefined), [sorted]);
  const shown = useMemo(
    () => (sorted ? filterAlbums(sorted, filters, reminders) : undefined),
    [sorted, filters, reminders],
  );
  const totalCents = useMemo(() => (shown ? totalPriceCents(shown) : 0), [shown]);
  // What the grid shows: from the whole list, or, while it is read after the takeover of the drawn
  // home, from the drawing's head (its first albums and its numbers; lib/drawn-home-head.ts). A list
  // that could not be read says so, as it would without the head.
  const view =
    shown && inCollection
      ? { albums: shown, shownCount: shown.length, inCollectionCount: inCollection.length, totalCents }
      : albums === undefined && !albumsFailed
        ? drawnHomeView(collection?.name ?? null, sortBy, filters)
        : null;
  if (shown && inCollection) {
    server?.recordHead?.({
      view: {
        collection: collection?.name ?? null,
        sortBy,
        filters: headFiltersKey(filters),
        albums: shown.slice(0, HOME_HEAD_ALBUMS),
        shownCount: shown.length,
        inCollectionCount: inCollection.length,
        totalCents,
      },
    });
  }
  const shownIds = useMemo(() => shown?.map((album) => album.id) ?? [], [shown]);
  const select = useSelectMode(shownIds);
  const selectButton = useRef<HTMLButtonElement>(null);
  const { leave: leaveSelectMode } = select;
  // Another collection is another shelf: what was ticked here is not carried to it.
  useEffect(() => leaveSelectMode(), [name, leaveSelectMode]);
  const gridSelect = useMemo(
    () => (select.active ? { ids: select.selection.ids, onToggle: select.onToggle, onExtend: select.onExtend } : undefined),
    [select.active, select.selection.ids, select.onToggle, select.onExtend],
  );
  // Leaving by Escape or after an action: the focus goes back to the button that entered.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !select.active && document.activeElement === document.body) selectButton.current?.focus();
    wasActive.current = select.active;
  }, [select.active]);

  // The album just saved is hidden by the filters: they are cleared, so it is in view as promised.
  // (While the list is still the one from before the save, the album is not there yet: wait for it.)
  const focusHidden =
    focusAlbumId !== undefined &&
    shown !== undefined &&
    sortBy === deferredSortBy &&
    !shown.some((album) => album.id === focusAlbumId) &&
    (inCollection?.some((album) => album.id === focusAlbumId) ?? false);
  useEffect(() => {
    if (focusHidden) setFilters(NO_FILTERS);
  }, [focusHidden]);
  const onAlbumFocused = useCallback((id: number) => {
    setFocusAlbumId(undefined);
    setMarkedAlbumId(id);
  }, []);
  useEffect(() => {
    if (markedAlbumId === undefined) return;
    const timer = setTimeout(() => setMarkedAlbumId(undefined), ALBUM_MARK_MS);
    return () => clearTimeout(timer);
  }, [markedAlbumId]);

  return (
    // One column that may shrink below its content's width: a long name is cut, not the page widened.
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1">
          <CollectionTitle collection={collection} onRename={onRename} onDelete={onDelete} />
          <p className="mt-1 text-sm text-ink-muted tabular-nums" aria-live="polite" data-testid="album-summary">
            {view ? (
              <>
                {albumCountText(view.shownCount, view.inCollectionCount)}
                {view.shownCount > 0 && (
                  <>
                    <span aria-hidden> · </span>
                    <span className="sr-only">, total </span>
                    <span data-testid="album-total">{formatUsd(view.totalCents)}</span>
                  </>
                )}
              </>
            ) : (
              albumCountText(albumCount, albumCount)
            )}
          </p>
        </div>
        <CollectionActions
          collection={collection}
          canSelect={!!view && view.inCollectionCount > 0}
          selecting={select.active}
          onSelect={select.enter}
          onDone={select.leave}
          selectButtonRef={selectButton}
        />
      </div>

      <div className="grid gap-2">
        <AlbumToolbar
          filters={filters}
          onFiltersChange={setFilters}
          sortBy={sortBy}
          onSortChange={setSortBy}
          layout={layout}
          onLayoutChange={setLayout}
          disabled={!view?.inCollectionCount}
        />
        {filters.lending !== 'all' && <ReminderHint days={reminders.days} />}
      </div>

      {!view ? (
        albumsFailed ? (
          <LoadError title="Your albums could not be loaded" retrying={retrying} onRetry={onRetry} />
        ) : (
          <AlbumGridSkeleton count={Math.min(12, Math.max(4, albumCount))} />
        )
      ) : view.inCollectionCount === 0 ? (
        <EmptyState
          icon={Disc3}
          title={collection ? `No albums in “${collection.name}” yet` : 'No albums yet'}
          text="Add your first record: type its title and artist, and Spindle finds the cover art."
          action={
            <Button asChild>
              <Link href={newAlbumHref(collection?.name ?? null)}>
                <Plus aria-hidden />
                Add your first album
              </Link>
            </Button>
          }
        />
      ) : view.shownCount === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No albums match your filters"
          text={noMatchText(filters, all)}
          action={
            <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <AlbumGrid
          albums={view.albums}
          count={view.shownCount}
          listKey={`${name}\n${deferredSortBy}\n${headFiltersKey(filters)}`}
          reminders={reminders}
          stale={sortBy !== deferredSortBy}
          layout={layout}
          restoreScrollY={restoreScrollY}
          onScrollRestored={() => setRestoreScrollY(undefined)}
          focusAlbumId={focusHidden ? undefined : focusAlbumId}
          onAlbumFocused={onAlbumFocused}
          markedAlbumId={markedAlbumId}
          select={gridSelect}
          showCollection={all}
        />
      )}
      <DeferredSelectModeBar.Component
        open={select.active && !!view}
        collection={name}
        selected={select.selected}
        shownCount={view?.shownCount ?? 0}
        onSelectAll={select.selectAll}
        onDone={select.leave}
      />
    </div>
  );
}

/** The page's main area while the collections list loads. */
export function CollectionAlbumsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading your collection">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-32" />
      </div>
      <Skeleton className="h-16 w-full max-w-3xl" />
      <AlbumGridSkeleton />
    </div>
  );
}

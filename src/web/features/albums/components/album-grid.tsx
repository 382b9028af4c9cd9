import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import type { LoanReminders } from '../../../../common/loans';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useInAppLinkClicks } from '../../../lib/in-app-links';
import { GRID_GAP_X, GRID_GAP_Y, gridLayout, MAX_COLUMNS } from '../grid-layout';
import type { HomeLayout } from '../../../../common/home-view';
import { AlbumCard, ALBUM_CARD_INFO_HEIGHT, ALBUM_ROW_HEIGHT, AlbumRow } from './album-card';
import { SelectModeCheckbox, type SelectModeItemProps } from '../selection/select-mode-checkbox';
import { CardRehearsal } from './card-rehearsal';

/**
 * Rows drawn beyond the screen, so a fast scroll or Tab never meets a blank row. A new list (a letter
 * typed in the search) draws the rows on screen first and these in a render of their own once that
 * frame is painted: the narrowed grid reaches the screen with half the cards to make
 * (docs/decisions.md, "The first keystroke").
 */
const OVERSCAN_ROWS = 2;

/**
 * Cards are keyed by their place in the list modulo this, not by album: a new list (a letter typed in
 * the search, another sort) updates the cards already on screen in place, text and link, instead of
 * removing them and making new ones; a scroll still adds and removes whole rows. More than any screen
 * draws at once (8 columns by a few dozen rows), so no two cards drawn together share a key.
 */
const CARD_SLOTS = 1024;

/** Enough cards to fill a screen before the grid is measured: 4 rows of 8 columns, 8 rows of 4. */
export const FIRST_SCREEN_CARDS = 32;

/**
 * gridLayout() in CSS: as many 168 px columns as fit, at least 2 and at most 8. The smallest column
 * width is clamped between an eighth and a half of the row (less 0.1 px, so rounding never loses a
 * column); gaps as in the virtualised rows.
 */
const FIRST_SCREEN_GRID =
  'grid grid-cols-[repeat(auto-fill,minmax(clamp(calc((100%_-_140px)/8_-_0.1px),168px,calc((100%_-_20px)/2_-_0.1px)),1fr))] gap-x-5 gap-y-4';

/** The compact list: one column, rows of ALBUM_ROW_HEIGHT and this gap (the same in CSS and measured). */
const LIST_GAP = 8;
const FIRST_SCREEN_LIST = 'grid grid-cols-1 gap-y-2 [&>*]:h-16';

/** The list's geometry in the grid's terms: one column as wide as the list. */
const listLayout = (width: number) => ({ columns: 1, cardWidth: width, rowHeight: ALBUM_ROW_HEIGHT + LIST_GAP });

/**
 * `value` as of the last frame the browser painted: what can wait for the next frame (the rows beyond
 * the screen) follows a new value in a task after that paint, never before it.
 */
function usePaintedValue<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (painted === value) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, painted]);
  return painted;
}

/** Width of the grid and its distance from the top of the document (the virtualiser's scroll margin). */
function useGridBox() {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      // A transition: the first measured layout (right after hydration) renders in short slices
      // instead of one synchronous task; the CSS grid shows the same cards in the same places meanwhile.
      startTransition(() => setBox((prev) => (prev.width === width && prev.top === top ? prev : { width, top })));
    };
    measure();
    // The toolbar above can wrap onto more lines as the width changes, moving the grid down.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);
  return [ref, box] as const;
}

export interface AlbumGridProps {
  albums: readonly AlbumListItem[];
  /**
   * The albums in the list, when `albums` holds only its first ones (the drawn home's head while the
   * list is read): the places after them are drawn as loading cards.
   */
  count?: number;
  /**
   * What the list is (its collection, sort and filters), when a new array can hold the same list: the
   * drawn home's head replaced by the album list read after it. A new key, or without one a new array,
   * is a new list, whose rows beyond the screen follow a frame later.
   */
  listKey?: string;
  /** The loan day and reminder days the cards flag overdue loans with (docs/product/loans.md#badges). */
  reminders: LoanReminders;
  /** Dims the grid while a newer filter is being applied. */
  stale?: boolean;
  /** Covers in a grid, or the compact list. */
  layout?: HomeLayout;
  /** An album to scroll into view once the grid is measured (the one just saved); then onAlbumFocused. */
  focusAlbumId?: number;
  onAlbumFocused?: (id: number) => void;
  /** An album drawn marked for a moment (the one just saved). */
  markedAlbumId?: number;
  /** The window's scroll to return to once the grid is measured (coming back from an album). */
  restoreScrollY?: number;
  onScrollRestored?: () => void;
  /** Select mode (docs/product/albums.md#select-mode): a checkbox over each album instead of its link. */
  select?: { ids: ReadonlySet<number> } & Omit<SelectModeItemProps, 'selected'>;
  /** Each album names its collection (All albums, docs/product/collections.md#all-albums). */
  showCollection?: boolean;
}

/**
 * The album grid (docs/product/collections.md#home) for thousands of albums: a responsive column
 * count, rows virtualised against the window's scroll, so only the cards of the rows on screen (plus
 * a few) exist in the DOM.
 */
export function AlbumGrid({
  albums,
  count = albums.length,
  listKey,
  reminders,
  stale = false,
  layout = 'grid',
  restoreScrollY,
  onScrollRestored,
  focusAlbumId,
  onAlbumFocused,
  markedAlbumId,
  select,
  showCollection = false,
}: AlbumGridProps) {
  const [ref, box] = useGridBox();
  const onClick = useInAppLinkClicks();
  const list = layout === 'list';
  const { columns, cardWidth, rowHeight } = list ? listLayout(box.width) : gridLayout(box.width, ALBUM_CARD_INFO_HEIGHT);
  const rowCount = Math.ceil(count / columns);
  const measured = box.width > 0;
  const whichList = listKey ?? albums;
  const settled = usePaintedValue<unknown>(whichList) === whichList;
  const virtualizer = useWindowVirtualizer({
    // No rows before the grid is measured (the CSS grid shows the first screen then): the hydration's
    // commit does not lay out thousands of rows for a column count that is about to change.
    count: measured ? rowCount : 0,
    estimateSize: () => rowHeight,
    overscan: settled ? OVERSCAN_ROWS : 0,
    scrollMargin: box.top,
    // The rows at the returning scroll are drawn at once, not the top ones first.
    ...(restoreScrollY !== undefined && { initialOffset: restoreScrollY }),
  });

  // The grid is as tall as all its rows only once measured: then the window can scroll back.
  useLayoutEffect(() => {
    if (!measured || restoreScrollY === undefined) return;
    window.scrollTo(0, restoreScrollY);
    onScrollRestored?.();
  }, [measured, restoreScrollY, onScrollRestored]);

  // The album just saved: its row in the middle of the screen (clear of the sticky header), once the
  // grid is as tall as all its rows.
  useLayoutEffect(() => {
    if (!measured || focusAlbumId === undefined) return;
    const index = albums.findIndex((album) => album.id === focusAlbumId);
    if (index < 0) return;
    const rowTop = box.top + Math.floor(index / columns) * rowHeight;
    window.scrollTo(0, Math.max(0, Math.round(rowTop - (window.innerHeight - rowHeight) / 2)));
    onAlbumFocused?.(focusAlbumId);
  }, [measured, focusAlbumId, albums, columns, rowHeight, box.top, onAlbumFocused]);

  // Row heights follow the width: positions are recomputed when it changes. Not as the grid mounts
  // (nothing is measured yet): that measure re-rendered the grid synchronously inside the hydration's
  // commit, which then also ran every effect in that task (docs/decisions.md, "The first visit").
  const measuredRowHeight = useRef(rowHeight);
  useLayoutEffect(() => {
    if (measuredRowHeight.current === rowHeight) return;
    measuredRowHeight.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const className = cn('w-full transition-opacity duration-150', stale && 'opacity-70');
  const Item = list ? AlbumRow : AlbumCard;
  const item = (album: AlbumListItem, index: number, priority: boolean, style?: CSSProperties) => (
    <div
      key={index % CARD_SLOTS}
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      className={cn('relative min-w-0', album.id === markedAlbumId && 'just-saved')}
      data-just-saved={album.id === markedAlbumId || undefined}
      style={style}
    >
      {select ? (
        <>
          {/* Inert: the checkbox names the album, and a click ticks it rather than opening it. */}
          <div inert className={cn('h-full', list && 'pl-12')}>
            <Item album={album} priority={priority} reminderDays={reminders.days} today={reminders.today} showCollection={showCollection} />
          </div>
          <SelectModeCheckbox
            album={album}
            columns={columns}
            list={list}
            selected={select.ids.has(album.id)}
            onToggle={select.onToggle}
            onExtend={select.onExtend}
          />
        </>
      ) : (
        <Item album={album} priority={priority} reminderDays={reminders.days} today={reminders.today} showCollection={showCollection} />
      )}
    </div>
  );

  // A place whose album is not read yet: a card's shape, announced as loading.
  const loadingItem = (index: number, style: CSSProperties) => (
    <div key={index % CARD_SLOTS} role="listitem" aria-setsize={count} aria-posinset={index + 1} aria-busy style={style}>
      {list ? <Skeleton className="h-full w-full rounded-lg" /> : <SkeletonCard />}
    </div>
  );

  // Not measured yet (the first render, and the page as the server draws it): the first screen of
  // cards in a CSS grid with the same columns, so they show before any script has measured anything.
  // The cards keep their elements (same keys, same parent) when the measured layout takes over.
  if (!measured) {
    return (
      <div
        ref={ref}
        role="list"
        aria-label="Albums"
        aria-busy={stale || undefined}
        className={cn(list ? FIRST_SCREEN_LIST : FIRST_SCREEN_GRID, className)}
        onClick={onClick}
      >
        {albums.slice(0, FIRST_SCREEN_CARDS).map((album, index) => item(album, index, list ? index < 8 : index < MAX_COLUMNS))}
      </div>
    );
  }

  const offset = virtualizer.options.scrollMargin;
  return (
    <>
      <div
        ref={ref}
        role="list"
        aria-label="Albums"
        aria-busy={stale || undefined}
        className={cn('relative', className)}
        style={{ height: virtualizer.getTotalSize() }}
        onClick={onClick}
      >
        {virtualizer.getVirtualItems().flatMap((row) => {
          const first = row.index * columns;
          const cells = [];
          for (let column = 0; column < columns && first + column < count; column++) {
            const index = first + column;
            const album = albums[index];
            const style: CSSProperties = {
              position: 'absolute',
              top: 0,
              left: 0,
              width: cardWidth,
              height: rowHeight - (list ? LIST_GAP : GRID_GAP_Y),
              transform: `translate(${column * (cardWidth + GRID_GAP_X)}px, ${row.start - offset}px)`,
            };
            cells.push(album ? item(album, index, list ? row.index < 8 : row.index === 0, style) : loadingItem(index, style));
          }
          return cells;
        })}
      </div>
      {/* Once the whole list is drawn: the first letter typed then finds the cards' code compiled. */}
      {settled && count === albums.length && albums.length > 0 && (
        <CardRehearsal albums={albums} reminders={reminders} list={list} showCollection={showCollection} />
      )}
    </>
  );
}

/** A card's shape while its album loads: the cover, the title, the artist, the details. */
function SkeletonCard() {
  return (
    <div>
      <Skeleton className="aspect-square w-full rounded-xl" />
      <Skeleton className="mt-3 h-4 w-4/5" />
      <Skeleton className="mt-2 h-3.5 w-1/2" />
      <Skeleton className="mt-2 h-3 w-2/5" />
    </div>
  );
}

/** Where the cards will be while the albums load (skeletons, not a spinner: the page keeps its shape). */
export function AlbumGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div aria-hidden className={FIRST_SCREEN_GRID} data-testid="album-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <SkeletonCard key={index} />
      ))}
    </div>
  );
}

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Album } from '../../../../common/albums.schemas';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { GRID_GAP_X, gridLayout } from '../grid-layout';
import { AlbumCard, ALBUM_CARD_INFO_HEIGHT } from './album-card';

/** Rows drawn beyond the screen, so a fast scroll or Tab never meets a blank row. */
const OVERSCAN_ROWS = 2;

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
      setBox((prev) => (prev.width === width && prev.top === top ? prev : { width, top }));
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
  albums: readonly Album[];
  /** Dims the grid while a newer filter is being applied. */
  stale?: boolean;
}

/**
 * The album grid (spec 1 §2) for thousands of albums: a responsive column count, rows virtualised
 * against the window's scroll, so only the rows on screen (plus a few) exist in the DOM.
 */
export function AlbumGrid({ albums, stale = false }: AlbumGridProps) {
  const [ref, box] = useGridBox();
  const { columns, rowHeight } = gridLayout(box.width, ALBUM_CARD_INFO_HEIGHT);
  const rowCount = Math.ceil(albums.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: box.top,
  });

  // Row heights follow the width: positions are recomputed when it changes.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const rows = virtualizer.getVirtualItems();
  return (
    <div
      ref={ref}
      role="list"
      aria-label="Albums"
      aria-busy={stale || undefined}
      className={cn('relative w-full transition-opacity duration-150', stale && 'opacity-70')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {box.width > 0 &&
        rows.map((row) => {
          const first = row.index * columns;
          return (
            <div
              key={row.key}
              role="presentation"
              className="absolute top-0 left-0 grid w-full"
              style={{
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                height: rowHeight,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: GRID_GAP_X,
              }}
            >
              {albums.slice(first, first + columns).map((album, offset) => (
                <div key={album.id} role="listitem" aria-setsize={albums.length} aria-posinset={first + offset + 1} className="min-w-0">
                  <AlbumCard album={album} priority={row.index === 0} />
                </div>
              ))}
            </div>
          );
        })}
    </div>
  );
}

/** Where the cards will be while the albums load (guide/look.md: skeletons, not a spinner). */
export function AlbumGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div aria-hidden className="grid grid-cols-[repeat(auto-fill,minmax(168px,1fr))] gap-x-5 gap-y-4" data-testid="album-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>
          <Skeleton className="aspect-square w-full rounded-xl" />
          <Skeleton className="mt-3 h-4 w-4/5" />
          <Skeleton className="mt-2 h-3.5 w-1/2" />
          <Skeleton className="mt-2 h-3 w-2/5" />
        </div>
      ))}
    </div>
  );
}

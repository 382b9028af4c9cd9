import { Disc3 } from 'lucide-react';
import type { SharedAlbum } from '../../../../common/sharing.schemas';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { CoverImage } from '../../cover-art/components/cover-image';
import { SHARING_MESSAGES, sharedAlbumFacts } from '../shared-view';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';
/** Covers in the first rows load at once (they are the page's largest paint); the rest lazily. */
const EAGER_COVERS = 6;

/** Read-only cards: cover, title, artist, format and release year (docs/product/sharing.md#public-page). */
export function SharedAlbumGrid({ albums, dimmed }: { albums: SharedAlbum[]; dimmed: boolean }) {
  if (albums.length === 0) {
    return <EmptyState icon={Disc3} title={SHARING_MESSAGES.empty} text="Nothing on this shelf yet. Check back later." />;
  }
  return (
    <ul
      aria-label="Albums"
      className={cn(GRID, 'transition-opacity duration-150', dimmed && 'opacity-60')}
      aria-busy={dimmed || undefined}
    >
      {albums.map((album, index) => {
        const facts = sharedAlbumFacts(album);
        return (
          <li key={album.id} className="min-w-0" data-testid="shared-album-card">
            <div className="overflow-hidden rounded-xl border border-line bg-muted shadow-xs">
              {/* The title and artist follow as text; the cover adds nothing a screen reader could say. */}
              <CoverImage coverUrl={album.coverUrl} alt="" priority={index < EAGER_COVERS} />
            </div>
            <h2 className="mt-2.5 line-clamp-2 text-sm leading-snug font-medium" title={album.title}>
              {album.title}
            </h2>
            <p className="mt-0.5 truncate text-sm text-ink-muted" title={album.artist}>
              {album.artist}
            </p>
            {facts && (
              <p className="mt-0.5 truncate text-xs text-ink-muted" data-testid="shared-album-facts">
                {facts}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Where the cards will be, while the list loads (skeletons, not a spinner: the page keeps its shape). */
export function SharedAlbumGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul aria-hidden className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton className="aspect-square w-full rounded-xl" />
          <Skeleton className="mt-3 h-4 w-4/5" />
          <Skeleton className="mt-2 h-3.5 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

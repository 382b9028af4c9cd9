import { Gift } from 'lucide-react';
import type { SharedWish } from '../../../../common/wishlist.schemas';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { CoverImage } from '../../cover-art/components/cover-image';
import { GIFT_LIST_MESSAGES, giftFormatName, priorityName } from '../gift-list-view';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';
/** Covers in the first rows load at once (they are the page's largest paint); the rest lazily. */
const EAGER_COVERS = 6;

/** Must have stands out in the accent; Want and Maybe stay quiet (the order already says the rest). */
const PRIORITY_STYLE: Record<number, string> = {
  1: 'bg-accent text-accent-ink',
  2: 'bg-accent-soft text-accent-strong',
  3: 'bg-muted text-ink-muted',
};

/**
 * Read-only cards in the list's order (must have first): cover, title, artist, format, pressing and
 * priority (docs/product/wishlist.md#gift-list-page). The answer holds nothing else to show.
 */
export function GiftListGrid({ wishes }: { wishes: SharedWish[] }) {
  if (wishes.length === 0) {
    return <EmptyState icon={Gift} title={GIFT_LIST_MESSAGES.empty} text="The wish list is empty for now. Check back later." />;
  }
  return (
    <ul aria-label="Wished-for records" className={GRID}>
      {wishes.map((wish, index) => {
        const format = giftFormatName(wish);
        return (
          // Title and artist together are the wish's identity; the index keeps two pressings apart.
          <li key={`${index}-${wish.title}-${wish.artist}`} className="min-w-0" data-testid="gift-card">
            <div className="relative overflow-hidden rounded-xl border border-line bg-muted shadow-xs">
              {/* The title and artist follow as text; the cover adds nothing a screen reader could say. */}
              <CoverImage coverUrl={wish.coverUrl} alt="" priority={index < EAGER_COVERS} />
            </div>
            <p className="mt-2.5">
              <span
                className={cn(
                  'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
                  PRIORITY_STYLE[wish.priority] ?? PRIORITY_STYLE[2],
                )}
                data-testid="gift-priority"
              >
                {priorityName(wish.priority)}
              </span>
            </p>
            <h2 className="mt-1.5 line-clamp-2 text-sm leading-snug font-medium wrap-anywhere" title={wish.title}>
              {wish.title}
            </h2>
            <p className="mt-0.5 truncate text-sm text-ink-muted" title={wish.artist}>
              {wish.artist}
            </p>
            {format && <p className="mt-0.5 truncate text-xs text-ink-muted">{format}</p>}
            {wish.pressing && (
              <p className="mt-0.5 line-clamp-2 text-xs text-ink-muted wrap-anywhere" title={wish.pressing}>
                {wish.pressing}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Where the cards will be, while the list loads (skeletons, not a spinner: the page keeps its shape). */
export function GiftListGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul aria-hidden className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton className="aspect-square w-full rounded-xl" />
          <Skeleton className="mt-3 h-4 w-16 rounded-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <Skeleton className="mt-2 h-3.5 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

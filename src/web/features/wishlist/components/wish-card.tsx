import { PackageCheck, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Wish } from '../../../../common/wishlist.schemas';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { CoverImage } from '../../cover-art/components/cover-image';
import { formatName, maxPriceText, priorityName } from '../wish-view';

const PRIORITY_CLASSES: Record<number, string> = {
  1: 'bg-accent text-accent-ink',
  2: 'bg-accent-soft text-accent-strong',
  3: 'bg-muted text-ink-muted',
};

export interface WishCardProps {
  wish: Wish;
  priority: boolean;
  onGotIt: (wish: Wish) => void;
  onDelete: (wish: Wish) => void;
}

/**
 * One wish, like the home's album card: the cover and the text lead to its form; under them Got it and
 * Delete. The format shows with the format list's names, the max price in dollars.
 */
export function WishCard({ wish, priority, onGotIt, onDelete }: WishCardProps) {
  const details = [formatName(wish.format), wish.pressing].filter(Boolean).join(' · ');
  return (
    <li className="flex min-w-0 flex-col" data-testid="wish-card">
      <Link href={`/wishlist/${wish.id}`} className="group block min-w-0 rounded-xl outline-offset-4">
        <div className="relative overflow-hidden rounded-xl border border-line bg-muted shadow-xs transition-[box-shadow,transform] duration-150 group-hover:shadow-md motion-safe:group-hover:-translate-y-0.5">
          <CoverImage coverUrl={wish.coverUrl} alt="" priority={priority} />
          <span
            className={cn('absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm', PRIORITY_CLASSES[wish.priority] ?? PRIORITY_CLASSES[2])}
            data-testid="wish-priority"
          >
            {priorityName(wish.priority)}
          </span>
        </div>
        <div className="pt-2.5">
          <h2 className="truncate text-sm leading-5 font-medium group-hover:text-accent" title={wish.title}>
            {wish.title}
          </h2>
          <p className="truncate text-sm leading-5 text-ink-muted" title={wish.artist}>
            {wish.artist}
          </p>
          {details && (
            <p className="truncate text-xs leading-5 text-ink-muted" title={details}>
              {details}
            </p>
          )}
          {wish.maxPrice !== null && <p className="text-xs leading-5 font-medium tabular-nums">{maxPriceText(wish.maxPrice)}</p>}
        </div>
      </Link>
      <div className="mt-auto flex items-center gap-1 pt-2">
        <Button variant="secondary" size="sm" className="flex-1" onClick={() => onGotIt(wish)} aria-label={`Got it: ${wish.title}`}>
          <PackageCheck aria-hidden />
          Got it
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-ink-muted hover:bg-danger/10 hover:text-danger"
          onClick={() => onDelete(wish)}
          aria-label={`Delete ${wish.title}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

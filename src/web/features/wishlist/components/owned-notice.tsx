import { Library, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { OwnedCopy } from '../../../../common/wishlist.schemas';
import { Button } from '../../../components/ui/button';
import { formatName } from '../wish-view';

export interface OwnedNoticeProps {
  message: string;
  owned: OwnedCopy[];
  loading: boolean;
  onAddAnyway: () => void;
}

/**
 * docs/product/wishlist.md#already-own-it: the copies the collector already has, each a link to its
 * album, and Add Anyway for another pressing. It takes the focus when it appears, so a keyboard or
 * screen-reader user hears why nothing was added.
 */
export function OwnedNotice({ message, owned, loading, onAddAnyway }: OwnedNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="owned-notice-title"
      className="rounded-2xl border border-accent/50 bg-accent-soft/60 p-5 sm:p-6"
      data-testid="owned-notice"
    >
      <h2 id="owned-notice-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold tracking-tight outline-none">
        <Library aria-hidden className="size-5 text-accent-strong" />
        You own this album
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{message}</p>
      <ul className="mt-3 grid gap-1.5">
        {owned.map((copy) => (
          <li key={copy.id}>
            <Link href={`/album/${copy.id}`} className="text-sm font-medium text-accent-strong underline underline-offset-2 hover:text-ink">
              {copy.collection}
              {copy.format && ` · ${formatName(copy.format)}`}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" loading={loading} onClick={onAddAnyway}>
          {!loading && <Plus aria-hidden />}
          Add Anyway
        </Button>
        <p className="text-xs text-ink-muted">Another pressing? It is added to your wish list all the same.</p>
      </div>
    </section>
  );
}

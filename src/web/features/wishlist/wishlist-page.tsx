import { useQuery } from '@tanstack/react-query';
import { Heart, Plus, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ALBUM_FORMATS, ALBUM_FORMAT_NAMES } from '../../../common/album-formats';
import type { Wish } from '../../../common/wishlist.schemas';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorToast, toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCollections } from '../collections/api';
import { readStoredSelection, resolveSelectedCollection } from '../collections/selected-collection';
import { useDeleteWish, wishlistQuery } from './api';
import { GiftListControls } from './components/gift-list-controls';
import { GotItDialog } from './components/got-it-dialog';
import { WishCard } from './components/wish-card';
import { filterByFormat, formatFilterOf, sortWishes, wishCountText } from './wish-view';

const ALL_FORMATS = '__all__';
const FORMAT_FILTER_OPTIONS = [
  { value: ALL_FORMATS, label: 'All formats' },
  ...ALBUM_FORMATS.map((value) => ({ value, label: ALBUM_FORMAT_NAMES[value] })),
];
const GRID = 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

function AddButton({ label = 'Add to wish list' }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/wishlist/new">
        <Plus aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

function CardsSkeleton() {
  return (
    <ul className={GRID} aria-busy="true" aria-label="Loading your wish list">
      {Array.from({ length: 10 }, (_, index) => (
        <li key={index} className="grid gap-2">
          <Skeleton className="aspect-square w-full rounded-xl" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

/** /wishlist (docs/product/wishlist.md#page): the records wanted, by priority, with Got it, the format filter and the gift list. */
export default function WishlistPage() {
  useDocumentTitle('Wish List');
  const wishes = useQuery(wishlistQuery);
  const collections = useCollections();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const format = formatFilterOf(search);
  const remove = useDeleteWish();
  const [buying, setBuying] = useState<Wish | null>(null);
  const [deleting, setDeleting] = useState<Wish | null>(null);
  // The dialog keeps the title it asked about while it animates closed.
  const [deletingTitle, setDeletingTitle] = useState('');

  const sorted = useMemo(() => sortWishes(wishes.data ?? []), [wishes.data]);
  const shown = useMemo(() => filterByFormat(sorted, format), [sorted, format]);
  const names = useMemo(() => collections.data?.map((c) => c.name), [collections.data]);
  const defaultCollection = names ? resolveSelectedCollection(names, null, readStoredSelection()) : null;

  // The filter lives in the address, so a reload or a shared link keeps it (the look's rule: nothing decided is forgotten).
  const setFormat = (value: string) => navigate(value === ALL_FORMATS ? location : `${location}?format=${encodeURIComponent(value)}`, { replace: true });

  const onDelete = () => {
    if (!deleting) return;
    const wish = deleting;
    remove.mutate(wish.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Wish deleted', description: `“${wish.title}” was removed from your wish list.`, variant: 'success' });
      },
      onError: (error) => {
        setDeleting(null);
        errorToast(errorMessage(error));
      },
    });
  };

  const total = sorted.length;
  let body;
  if (wishes.isPending) body = <CardsSkeleton />;
  else if (wishes.isError)
    body = <LoadError title="Your wish list could not be loaded" retrying={wishes.isFetching} onRetry={() => void wishes.refetch()} />;
  else if (total === 0)
    body = (
      <EmptyState
        icon={Heart}
        title="Your wish list is empty"
        text="Note the records you are hunting for, how much you want them and the most you would pay."
        action={<AddButton />}
      />
    );
  else if (shown.length === 0)
    body = (
      <EmptyState
        icon={SearchX}
        title="No wishes in this format"
        text="None of the records on your wish list has this format."
        action={<Button onClick={() => setFormat(ALL_FORMATS)}>Show all formats</Button>}
      />
    );
  else
    body = (
      <ul className={GRID} aria-label="Wishes">
        {shown.map((wish, index) => (
          <WishCard
            key={wish.id}
            wish={wish}
            priority={index < 6}
            onGotIt={setBuying}
            onDelete={(chosen) => {
              setDeletingTitle(chosen.title);
              setDeleting(chosen);
            }}
          />
        ))}
      </ul>
    );

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight">Wish List</h1>
          <p className="mt-1 text-sm text-ink-muted tabular-nums" aria-live="polite" data-testid="wish-count">
            {wishes.isSuccess ? wishCountText(shown.length, total) : '\u00a0'}
          </p>
        </div>
        {total > 0 && (
          // On a phone the filter takes the row's width beside the add button; wider, both sit at the right.
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
              <Select
                id="wish-format-filter"
                aria-label="Filter by format"
                value={format ?? ALL_FORMATS}
                onValueChange={setFormat}
                options={FORMAT_FILTER_OPTIONS}
              />
            </div>
            <AddButton />
          </div>
        )}
      </div>

      <div className="mt-6">{body}</div>

      {wishes.isSuccess && (
        <div className="mt-10">
          <GiftListControls />
        </div>
      )}

      <GotItDialog
        wish={buying}
        onOpenChange={(open) => !open && setBuying(null)}
        collections={names}
        defaultCollection={defaultCollection}
        onAcquired={(album, wish) => {
          setBuying(null);
          toast({ title: 'Added to your collection', description: `“${wish.title}” is now in “${album.collection}”.`, variant: 'success' });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deletingTitle}”?`}
        description="It will be removed from your wish list. This cannot be undone."
        confirmLabel="Delete wish"
        destructive
        loading={remove.isPending}
        onConfirm={onDelete}
      />
    </main>
  );
}

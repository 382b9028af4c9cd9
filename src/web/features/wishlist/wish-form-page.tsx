import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useRoute, useSearch } from 'wouter';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api-client';
import { navigateAway } from '../../lib/leave-guard';
import { useDocumentTitle } from '../../lib/use-document-title';
import { wishQuery } from './api';
import { WishForm } from './components/wish-form';
import { newWishValues, wishToFormValues } from './wish-form-values';

const MAX_ID = 2_147_483_647;
const LIST = '/wishlist';

/** The wish id of /wishlist/{id}: 'new', a valid id, or null for anything else (shown as not found). */
function parseWishId(raw: string | undefined): 'new' | number | null {
  if (raw === 'new') return 'new';
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-6 sm:px-6 sm:pt-10">
      <Button variant="ghost" className="-ml-3" onClick={() => navigateAway(navigate, LIST)}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <h1 className="mt-3 mb-6 text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the wish">
      {[2, 4].map((fields, section) => (
        <div key={section} className="grid gap-5 rounded-2xl border border-line bg-surface p-6 sm:grid-cols-2">
          <Skeleton className="h-5 w-24 sm:col-span-2" />
          {Array.from({ length: fields }, (_, index) => (
            <div key={index} className="grid gap-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** After a save or a delete (nothing left to lose) or a Cancel (asks first when there is typed work): the list. */
function useBackToList() {
  const [, navigate] = useLocation();
  return (done = false) => navigateAway(navigate, LIST, { force: done });
}

function NewWish() {
  useDocumentTitle('Add to Wish List');
  const search = useSearch();
  // Read once: the address's prefill is where the form starts, not something it follows.
  const [defaultValues] = useState(() => newWishValues(search));
  const back = useBackToList();
  return (
    <PageFrame title="Add to Wish List">
      <WishForm
        defaultValues={defaultValues}
        onSaved={(wish) => {
          toast({ title: 'Added to your wish list', description: `“${wish.title}” by ${wish.artist} is on your wish list.`, variant: 'success' });
          back(true);
        }}
        onDeleted={() => undefined}
        onCancel={() => back()}
      />
    </PageFrame>
  );
}

function EditWish({ id }: { id: number }) {
  const result = useQuery(wishQuery(id));
  const back = useBackToList();
  const wish = result.data;
  useDocumentTitle(wish ? `Edit ${wish.title}` : 'Edit Wish');
  if (!wish && isApiError(result.error, 404)) return <WishNotFound />;

  let body: ReactNode;
  if (wish)
    body = (
      <WishForm
        key={wish.id}
        wish={wish}
        defaultValues={wishToFormValues(wish)}
        onSaved={(saved) => {
          toast({ title: 'Wish updated', description: `Your changes to “${saved.title}” were saved.`, variant: 'success' });
          back(true);
        }}
        onDeleted={(deleted) => {
          toast({ title: 'Wish deleted', description: `“${deleted.title}” was removed from your wish list.`, variant: 'success' });
          back(true);
        }}
        onCancel={() => back()}
      />
    );
  else if (result.isError)
    body = <LoadError title="This wish could not be loaded" retrying={result.isFetching} onRetry={() => void result.refetch()} />;
  else body = <FormSkeleton />;
  return <PageFrame title="Edit Wish">{body}</PageFrame>;
}

function WishNotFound() {
  useDocumentTitle('Wish not found');
  return (
    <main className="grid min-h-[60dvh] place-items-center px-4">
      <EmptyState
        icon={SearchX}
        title="Wish not found"
        text="This wish does not exist, or it has been deleted."
        action={
          <Button asChild>
            <Link href={LIST}>
              <ArrowLeft aria-hidden />
              Back to your wish list
            </Link>
          </Button>
        }
      />
    </main>
  );
}

/** /wishlist/new (prefilled from the address) and /wishlist/{id} (docs/product/wishlist.md#form). */
export default function WishFormPage() {
  const [, params] = useRoute<{ id: string }>('/wishlist/:id');
  const id = parseWishId(params?.id);
  if (id === 'new') return <NewWish />;
  if (id === null) return <WishNotFound />;
  return <EditWish key={id} id={id} />;
}

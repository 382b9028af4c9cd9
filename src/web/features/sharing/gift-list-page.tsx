import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift, House, Link2Off } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { isShareTokenShape } from '../../../common/sharing.schemas';
import type { SharedWish } from '../../../common/wishlist.schemas';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api-client';
import { QUERY_KEYS } from '../../lib/api-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GiftListGrid, GiftListGridSkeleton } from './components/gift-list-grid';
import { SHARED_CONTAINER, SharedPageLayout } from './components/shared-page-layout';
import { GIFT_LIST_MESSAGES, giftListUrl, recordCountText } from './gift-list-view';
import { sharedReadRetry } from './shared-view';

/**
 * The public, read-only gift list (/wishlist/shared/{token}, docs/product/wishlist.md#gift-list-page),
 * for visitors and signed-in users alike. A wrong or disabled link (404) says the list is not
 * available; any other failure is not the link's fault, so it offers to try again.
 */
export default function GiftListPage() {
  const { token = '' } = useParams<{ token: string }>();
  // Something that cannot be one of our tokens is not sent to the server at all.
  const wellFormed = isShareTokenShape(token);
  const queryClient = useQueryClient();
  // The session the shell already read; this page fetches nothing that needs one.
  const signedIn = Boolean(queryClient.getQueryData(QUERY_KEYS.user));
  const list = useQuery<SharedWish[]>({ queryKey: [giftListUrl(token)], retry: sharedReadRetry, enabled: wellFormed });
  const notFound = !wellFormed || (list.isError && isApiError(list.error, 404));
  useDocumentTitle(notFound ? GIFT_LIST_MESSAGES.notFoundTitle : GIFT_LIST_MESSAGES.title);

  let body;
  if (notFound) body = <GiftListNotFound />;
  else if (list.data) body = <GiftListGrid wishes={list.data} />;
  else if (list.isError)
    body = <LoadError title={GIFT_LIST_MESSAGES.loadFailed} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else body = <GiftListGridSkeleton />;

  return (
    <SharedPageLayout signedIn={signedIn}>
      {notFound ? (
        body
      ) : (
        <div className={`${SHARED_CONTAINER} py-8 sm:py-10`}>
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wider text-accent uppercase">
            <Gift aria-hidden className="size-3.5" />
            Gift list · view only
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{GIFT_LIST_MESSAGES.title}</h1>
          <p className="mt-2 max-w-prose text-ink-muted">
            Records a collector hopes to find, the ones they want most first.
            {list.data && list.data.length > 0 && <span className="tabular-nums"> {recordCountText(list.data.length)}.</span>}
          </p>
          <div className="mt-8" aria-busy={list.isPending || undefined}>
            {list.isPending && <span className="sr-only">Loading the gift list</span>}
            {body}
          </div>
        </div>
      )}
    </SharedPageLayout>
  );
}

/** A wrong, unknown or disabled link: the page's own heading, so it is an h1. */
function GiftListNotFound() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-5 grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <Link2Off aria-hidden className="size-8" strokeWidth={1.75} />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{GIFT_LIST_MESSAGES.notFoundTitle}</h1>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{GIFT_LIST_MESSAGES.notFoundText}</p>
      <Button className="mt-6" onClick={() => navigate('/')}>
        <House aria-hidden />
        Return to Home
      </Button>
    </div>
  );
}

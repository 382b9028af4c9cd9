import { CircleX, Library, ReceiptText } from 'lucide-react';
import { Link } from 'wouter';
import { STORAGE_KEYS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SubscriptionLayout } from './components/subscription-layout';
import { homeWithCollection } from './subscription-rules';

/** /subscription/cancel (docs/product/subscription.md#pages): the checkout was left without paying; two ways on. */
export default function SubscriptionCancelPage() {
  useDocumentTitle('Checkout Canceled');
  return (
    <SubscriptionLayout className="grid place-items-center">
      <Card className="flex w-full max-w-md flex-col items-center px-6 py-10 text-center sm:px-10">
        <div className="mb-5 grid size-16 place-items-center rounded-full bg-muted text-ink-muted">
          <CircleX aria-hidden className="size-8" strokeWidth={1.75} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">Checkout Canceled</h1>
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">
          Your checkout was canceled and nothing was charged. You can subscribe whenever you are ready.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3">
          <Button asChild size="lg">
            <Link href={homeWithCollection(localStore.get(STORAGE_KEYS.selectedCollection))}>
              <Library aria-hidden />
              Return to Your Collection
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href="/subscription">
              <ReceiptText aria-hidden />
              View Subscription Details
            </Link>
          </Button>
        </div>
      </Card>
    </SubscriptionLayout>
  );
}

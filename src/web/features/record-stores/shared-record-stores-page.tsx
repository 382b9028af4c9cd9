import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, House, Store, TriangleAlert } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { mapConfigQuery, sharedStoresQuery } from './api';
import { StoreCard, StoreGrid } from './components/store-card';

/** /record-stores/shared/{token} (docs/product/record-stores.md#shared-page): a read-only grid for anyone holding the link. */
export default function SharedRecordStoresPage() {
  useDocumentTitle('Shared Record Stores');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const stores = useQuery(sharedStoresQuery(token));
  const mapConfig = useQuery(mapConfigQuery());
  const goHome = (
    <Button onClick={() => navigate('/')}>
      <House aria-hidden />
      Go Home
    </Button>
  );

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="-ml-2">
          <Link href="/" aria-label="Back">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Shared Record Stores</h1>
      </div>
      <div className="mt-8">
        {stores.isPending ? (
          <div className="grid place-items-center py-24">
            <Spinner className="size-8" label="Loading record stores" />
          </div>
        ) : stores.isError ? (
          <EmptyState
            icon={TriangleAlert}
            title="Error Loading Shared Collection"
            text="The shared collection could not be found or has been removed."
            action={goHome}
          />
        ) : stores.data.length === 0 ? (
          <EmptyState
            icon={Store}
            title="No Record Stores Found"
            text="This shared collection doesn't contain any record stores."
            action={goHome}
          />
        ) : (
          <StoreGrid>
            {stores.data.map((store) => (
              <StoreCard key={store.id} store={store} mapConfig={mapConfig.data} />
            ))}
          </StoreGrid>
        )}
      </div>
    </main>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChartNoAxesColumn, Disc3, Library, RotateCw, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Analytics } from '../../../common/analytics.schemas';
import { STORAGE_KEYS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { analyticsQuery } from './api';
import { chartSeries, formatCount, formatUsd } from './analytics-view';
import { BarChart } from './components/bar-chart';
import { LentAlbumsTable } from './components/lent-albums-table';
import { OverdueLoansCard } from './components/overdue-loans-card';
import { WishlistCard } from './components/wishlist-card';

/** Back to the collection the user was looking at, as from the profile page. */
function homeHref(): string {
  const selected = localStore.get(STORAGE_KEYS.selectedCollection);
  return selected ? `/collection?collection=${encodeURIComponent(selected)}` : '/';
}

function TotalCard({ icon: Icon, label, value }: { icon: typeof Library; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <div className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden className="size-5" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{label}</p>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
      </div>
    </Card>
  );
}

function AnalyticsContent({ data }: { data: Analytics }) {
  const series = chartSeries(data);
  const noAlbums = 'No albums yet.';
  return (
    <>
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
        <TotalCard icon={Library} label="Collections" value={formatCount(data.totalCollections)} />
        <TotalCard icon={Disc3} label="Albums" value={formatCount(data.totalAlbums)} />
        <TotalCard icon={Wallet} label="Total price paid" value={formatUsd(data.totalValue)} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          id="chart-albums-per-collection"
          title="Albums per collection"
          description="How many albums each collection holds."
          labelHeader="Collection"
          valueHeader="Albums"
          data={series.perCollection}
          format={formatCount}
          empty="No collections yet."
        />
        <BarChart
          id="chart-albums-per-genre"
          title="Albums per genre"
          description="Albums saved without a genre count as Unknown."
          labelHeader="Genre"
          valueHeader="Albums"
          data={series.perGenre}
          format={formatCount}
          empty={noAlbums}
        />
        <BarChart
          id="chart-value-per-collection"
          title="Value per collection"
          description="The sum of the prices paid; albums without a price add nothing."
          labelHeader="Collection"
          valueHeader="Value (USD)"
          data={series.valuePerCollection}
          format={formatUsd}
          empty="No collections yet."
        />
        <BarChart
          id="chart-albums-per-format"
          title="Albums per format"
          description="Albums saved without a format count as No format."
          labelHeader="Format"
          valueHeader="Albums"
          data={series.perFormat}
          format={formatCount}
          empty={noAlbums}
        />
      </div>
      <WishlistCard wishlist={data.wishlist} />
      <OverdueLoansCard loans={data.loans} />
      <LentAlbumsTable albums={data.lentAlbums} today={data.loans.today} />
    </>
  );
}

/** Skeletons where the cards, charts and table will be, so the page keeps its shape while it loads. */
function AnalyticsSkeleton() {
  const chart = (key: number) => (
    <Card key={key} className="grid gap-4 p-6">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-1.5">
          <Skeleton className="h-3.5 w-28" />
          <Skeleton className="h-2.5 w-full rounded-full" />
        </div>
      ))}
    </Card>
  );
  return (
    <div className="grid gap-6" data-testid="analytics-loading">
      <p className="sr-only" role="status">
        Loading analytics…
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Card key={key} className="flex items-center gap-4 p-5">
            <div className="size-11 shrink-0 overflow-hidden rounded-full">
              <Skeleton className="size-full" />
            </div>
            <div className="grid gap-2">
              <Skeleton className="h-3.5 w-20" />
              <Skeleton className="h-6 w-16" />
            </div>
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">{[0, 1, 2, 3].map(chart)}</div>
      <Card className="grid gap-3 p-6">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </Card>
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate(homeHref())}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Collection Analytics</h1>
      <p className="mt-2 text-sm text-ink-muted">
        Your collections in figures: what you own, what it cost, what you are looking for and who has your records.
      </p>
      {/* minmax(0, 1fr): the lent table scrolls inside its card instead of widening the page. */}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">{children}</div>
    </main>
  );
}

/** /analytics (docs/product/analytics.md#page): totals, four charts, the wish list, loan reminders and the lent albums. */
export default function AnalyticsPage() {
  useDocumentTitle('Collection Analytics');
  const query = useQuery(analyticsQuery());
  if (query.isPending) {
    return (
      <Page>
        <AnalyticsSkeleton />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page>
        <Card role="alert">
          <EmptyState
            icon={ChartNoAxesColumn}
            title="Could not load analytics data"
            text="Something went wrong while reading your figures. Please try again."
            // docs/product/analytics.md#page: Try Again reloads the page.
            action={
              <Button onClick={() => window.location.reload()}>
                <RotateCw aria-hidden />
                Try Again
              </Button>
            }
          />
        </Card>
      </Page>
    );
  }
  return (
    <Page>
      <AnalyticsContent data={query.data} />
    </Page>
  );
}

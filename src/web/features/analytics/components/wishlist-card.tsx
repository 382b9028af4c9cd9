import { Heart, Upload, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import type { Analytics } from '../../../../common/analytics.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCount, formatUsd, wishPrioritySeries } from '../analytics-view';

function Figure({ icon: Icon, label, value, testId }: { icon: typeof Heart; label: string; value: string; testId: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line p-4">
      <div className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden className="size-5" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{label}</p>
        <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}

/**
 * The wish list in figures (docs/product/analytics.md#page): how many wishes, the most the collector
 * would pay for all of them, and how many of each priority, drawn like the charts' bars.
 */
export function WishlistCard({ wishlist }: { wishlist: Analytics['wishlist'] }) {
  const priorities = wishPrioritySeries(wishlist);
  const max = Math.max(0, ...priorities.map((p) => p.value));
  return (
    <Card role="region" aria-labelledby="wishlist-figures-title" data-testid="analytics-wishlist">
      <CardHeader>
        <CardTitle id="wishlist-figures-title">Wish list</CardTitle>
        <CardDescription>What you are looking for, and the most you would pay for all of it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {wishlist.items === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted">Nothing on your wish list yet. A Discogs wantlist brings yours over in one go.</p>
            <Button asChild variant="secondary">
              <Link href="/import">
                <Upload aria-hidden />
                Import a wantlist
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Figure icon={Heart} label="Wishes" value={formatCount(wishlist.items)} testId="wishlist-items" />
              <Figure icon={Wallet} label="Most you would pay" value={formatUsd(wishlist.totalMaxPrice)} testId="wishlist-max-price" />
            </div>
            <figure aria-labelledby="wishlist-priority-title" data-testid="wishlist-by-priority">
              <figcaption id="wishlist-priority-title" className="mb-3 text-sm font-medium">
                By priority
              </figcaption>
              <ul aria-hidden className="grid gap-3">
                {priorities.map((p) => (
                  <li key={p.label} className="grid gap-1">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span>{p.label}</span>
                      <span className="font-medium tabular-nums">{formatCount(p.value)}</span>
                    </div>
                    <svg className="block h-2.5 w-full overflow-visible" role="presentation" focusable="false">
                      <rect width="100%" height="100%" rx="5" className="fill-muted" />
                      {p.value > 0 && <rect width={`${Math.max((p.value / max) * 100, 1.5)}%`} height="100%" rx="5" className="fill-accent" />}
                    </svg>
                  </li>
                ))}
              </ul>
              <table className="sr-only">
                <caption>Wishes by priority</caption>
                <thead>
                  <tr>
                    <th scope="col">Priority</th>
                    <th scope="col">Wishes</th>
                  </tr>
                </thead>
                <tbody>
                  {priorities.map((p) => (
                    <tr key={p.label}>
                      <th scope="row">{p.label}</th>
                      <td>{formatCount(p.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
            <p className="text-xs text-ink-muted">Wishes without a max price add nothing to the sum.</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

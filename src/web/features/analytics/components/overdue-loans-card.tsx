import { AlarmClock, HandHelping } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Analytics } from '../../../../common/analytics.schemas';
import { lentForText } from '../../../../common/loans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCount, formatSince } from '../analytics-view';

const daysText = (days: number) => (days === 1 ? '1 day' : `${formatCount(days)} days`);

function Figure({ icon: Icon, label, value, tone, testId }: { icon: typeof AlarmClock; label: string; value: number; tone: 'accent' | 'danger'; testId: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line p-4">
      <div className={tone === 'danger' ? 'grid size-10 shrink-0 place-items-center rounded-full bg-danger/10 text-danger' : 'grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent'}>
        <Icon aria-hidden className="size-5" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{label}</p>
        <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
          {formatCount(value)}
        </p>
      </div>
    </div>
  );
}

/**
 * Loan reminders (docs/product/analytics.md#page): how many albums are out, how many longer than the
 * collector's reminder, and those overdue, oldest loan first, each linking to its album.
 */
export function OverdueLoansCard({ loans }: { loans: Analytics['loans'] }) {
  const cardRef = useRef<HTMLDivElement>(null);
  // Arriving from the header's overdue count or the home's overdue line: the list is what they came for.
  useEffect(() => {
    if (window.location.hash === '#overdue-loans') cardRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <Card ref={cardRef} id="overdue-loans" className="scroll-mt-20" aria-labelledby="loan-reminders-title">
      <CardHeader>
        <CardTitle id="loan-reminders-title">Loan reminders</CardTitle>
        <CardDescription>
          Overdue means lent longer than {daysText(loans.reminderDays)}.{' '}
          <Link href="/profile#loan-reminders" className="font-medium text-accent-strong underline underline-offset-2 hover:text-accent">
            Change the reminder
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid grid-cols-2 gap-3">
          <Figure icon={HandHelping} label="Lent out" value={loans.lentCount} tone="accent" testId="loans-lent-count" />
          <Figure icon={AlarmClock} label="Overdue" value={loans.overdueCount} tone="danger" testId="loans-overdue-count" />
        </div>
        {loans.overdue.length === 0 ? (
          <p className="text-sm text-ink-muted">{loans.lentCount === 0 ? 'Nothing is out on loan.' : 'Nothing is overdue: every loan is within your reminder.'}</p>
        ) : (
          <ol className="divide-y divide-line rounded-xl border border-line" aria-label="Overdue albums, oldest loan first" data-testid="overdue-loans">
            {loans.overdue.map((album) => (
              <li key={album.id}>
                <Link
                  href={`/album/${album.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 outline-offset-[-2px] hover:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="font-medium">{album.title}</span>
                    <span className="text-ink-muted"> · {album.artist}</span>
                    <span className="block text-sm text-ink-muted">
                      {album.lentTo ? `With ${album.lentTo}` : 'Lent'} since {formatSince(album.lentDate)} · {album.collection}
                    </span>
                  </span>
                  <span className="text-sm font-medium whitespace-nowrap text-danger tabular-nums">{lentForText(album.daysLent)}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

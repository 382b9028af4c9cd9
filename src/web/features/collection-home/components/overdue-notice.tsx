import { AlarmClock, X } from 'lucide-react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import type { LoanReminders } from '../../../../common/loans';
import { isOverdueDismissed, overdueDismissalOf, overdueLoanKeys } from '../../../../common/overdue-dismissal';
import { Button } from '../../../components/ui/button';
import {
  copyOverdueDismissalToCookie,
  readStoredOverdueDismissal,
  rememberOverdueDismissal,
  subscribeOverdueDismissal,
} from '../../../lib/overdue-dismissal-memory';
import { useServerRender } from '../../../app/server-render-context';
import { drawnHomeHead } from '../../../lib/drawn-home-head';
import { OVERDUE_LOANS_HREF, overdueText } from '../../../app/app-header';

/**
 * The home's line about overdue loans across every collection ("2 records overdue — see them"),
 * leading to the list of them. Dismissing it remembers the loans overdue then, on this device, until
 * another loan becomes overdue (docs/product/loans.md#overdue-count). The server draws it too, from
 * the cookie copy of what was dismissed, and the browser takes a drawing over only when its own copy
 * agrees (app/mount-app.ts): the line is in the first paint, and nothing below it moves.
 */
export function OverdueNotice({ albums, reminders }: { albums: readonly AlbumListItem[] | undefined; reminders: LoanReminders }) {
  const server = useServerRender();
  // While the list is read after the drawn home's takeover, the drawing's own keys (lib/drawn-home-head.ts).
  const overdueKeys = useMemo(
    () => (albums ? overdueLoanKeys(albums, reminders) : (drawnHomeHead()?.overdueKeys ?? [])),
    [albums, reminders],
  );
  if (albums) server?.recordHead?.({ overdueKeys });
  const dismissed = useSyncExternalStore(
    subscribeOverdueDismissal,
    readStoredOverdueDismissal,
    () => server?.storedOverdueDismissal ?? readStoredOverdueDismissal(),
  );
  useEffect(() => {
    if (dismissed !== '') copyOverdueDismissalToCookie(dismissed);
  }, [dismissed]);
  if (isOverdueDismissed(dismissed, overdueKeys)) return null;

  const count = overdueKeys.length;
  return (
    <div
      className="mb-6 flex items-center gap-3 rounded-xl border border-danger/30 bg-danger/5 py-1.5 pr-1.5 pl-4 text-sm"
      data-testid="overdue-notice"
    >
      <AlarmClock aria-hidden className="size-4 shrink-0 text-danger" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{overdueText(count)}</span> —{' '}
        <Link href={OVERDUE_LOANS_HREF} className="font-medium text-accent-strong underline underline-offset-2 hover:text-accent">
          {count === 1 ? 'see it' : 'see them'}
        </Link>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Dismiss the overdue notice"
        onClick={() => rememberOverdueDismissal(overdueDismissalOf(overdueKeys))}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

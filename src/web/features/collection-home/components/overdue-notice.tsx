import { AlarmClock, X } from 'lucide-react';
import { useMemo, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import { STORAGE_KEYS } from '../../../../common/constants';
import { loanState, type LoanReminders } from '../../../../common/loans';
import { Button } from '../../../components/ui/button';
import { localStore } from '../../../lib/storage';
import { OVERDUE_LOANS_HREF, overdueText } from '../../../app/app-header';

/**
 * A loan is known by its album and its lent date: the same album lent again later and overdue again
 * is a new overdue loan, which brings the notice back.
 */
const loanKey = (album: Pick<AlbumListItem, 'id' | 'lentDate'>) => `${album.id}:${album.lentDate ?? ''}`;

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
const readDismissed = () => localStore.get(STORAGE_KEYS.overdueDismissed);

function dismissedKeys(raw: string | null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The home's line about overdue loans across every collection ("2 records overdue — see them"),
 * leading to the list of them. Dismissing it remembers the loans overdue then, on this device, until
 * another loan becomes overdue. Drawn only in the browser (the server cannot read what was
 * dismissed: its snapshot is "dismissed", so the drawing and the hydration agree).
 */
export function OverdueNotice({ albums, reminders }: { albums: readonly AlbumListItem[] | undefined; reminders: LoanReminders }) {
  const overdueKeys = useMemo(
    () => (albums ?? []).filter((album) => loanState(album, reminders)?.overdue).map(loanKey),
    [albums, reminders],
  );
  const dismissedRaw = useSyncExternalStore(subscribe, readDismissed, () => undefined);
  if (dismissedRaw === undefined || overdueKeys.length === 0) return null;
  const dismissed = dismissedKeys(dismissedRaw);
  if (overdueKeys.every((key) => dismissed.has(key))) return null;

  const dismiss = () => {
    localStore.set(STORAGE_KEYS.overdueDismissed, JSON.stringify(overdueKeys));
    for (const listener of listeners) listener();
  };
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
      <Button variant="ghost" size="icon" className="size-8" aria-label="Dismiss the overdue notice" onClick={dismiss}>
        <X aria-hidden />
      </Button>
    </div>
  );
}

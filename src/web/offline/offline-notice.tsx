import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { getOfflineState, subscribeOfflineState, type OfflineState } from './offline-state';

const ONLINE: OfflineState = { offline: false, keptAt: null };

/**
 * Online, as the server draws the page. The browser's own state when that is online too: the same
 * object, so the hydrated page is not re-rendered at once for a notice that shows nothing.
 */
const serverState = (): OfflineState => {
  const state = getOfflineState();
  return state.offline ? ONLINE : state;
};

/** "24 Nov 2026, 16:40" in the user's locale; null for a missing or unreadable time. */
function keptWhen(keptAt: string | null): string | null {
  if (!keptAt) return null;
  const date = new Date(keptAt);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * docs/product/offline.md#shelf: on the collection home without a network, says that the shelf is
 * the copy kept on this device, since when, and that changes wait for the network. Nothing is
 * shown online (the server's drawing and the hydration agree: the server's snapshot is "online").
 */
export function OfflineNotice() {
  const { offline, keptAt } = useSyncExternalStore(subscribeOfflineState, getOfflineState, serverState);
  if (!offline) return null;
  const when = keptWhen(keptAt);
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm" data-testid="offline-notice">
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <p>
        <span className="font-semibold">You are offline.</span>{' '}
        {when ? `Showing your albums as kept on this device on ${when}.` : 'Showing what this page last loaded.'} Search and filters work;
        changes need the network.
      </p>
    </div>
  );
}

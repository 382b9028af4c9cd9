import { WifiOff } from 'lucide-react';

/**
 * docs/product/offline.md#the-album-page-offline: the album came from the copy kept on this device,
 * which has no notes or tracklist; saving leaves the stored ones as they are.
 */
export function NotesOfflineNotice() {
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
      data-testid="notes-offline-notice"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <p>
        <span className="font-semibold">You are offline.</span> This album is shown as kept on this device, without its notes and
        tracklist: they are not kept offline. Open it again when you are back online to see or change them.
      </p>
    </div>
  );
}

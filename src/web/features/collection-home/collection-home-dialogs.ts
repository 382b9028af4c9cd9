import { deferredComponent } from '../../components/deferred-component';
import { idle } from '../../lib/when-idle';

/*
 * The home's dialogs are not needed for its first paint: their code (forms, schemas, the share and
 * export logic) arrives after it, so the album grid shows sooner.
 */
export const CollectionNameDialog = deferredComponent(() => import('../collections/components/collection-name-dialog').then((m) => m.CollectionNameDialog));
export const ConfirmDialog = deferredComponent(() => import('../../components/ui/alert-dialog').then((m) => m.ConfirmDialog));
export const ShareDialog = deferredComponent(() => import('../sharing/share-dialog').then((m) => m.ShareDialog));
export const ExportDialog = deferredComponent(() => import('../export/components/export-dialog').then((m) => m.ExportDialog));

/**
 * Fetches every dialog's code: one at a time, each when the browser is idle again, so evaluating them
 * (zod's schemas among them) is several short tasks rather than one long one.
 */
async function preloadHomeDialogs(): Promise<void> {
  for (const dialog of [ConfirmDialog, CollectionNameDialog, ShareDialog, ExportDialog]) {
    await idle(2000);
    await dialog.preload().catch(() => undefined);
  }
}

let preloading = false;

/**
 * Preloads the dialogs' code once the collector first presses, taps or types on the page: the first
 * dialog still opens without waiting for the network, and a visit that only looks never evaluates it.
 * Preloading when the browser was idle put evaluating zod's code (about 30 ms, 4× that on a slow phone)
 * inside a first visit's takeover (blocking time, bench/home-lighthouse-cold).
 */
export function preloadHomeDialogsOnIntent(): () => void {
  if (preloading) return () => undefined;
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const start = () => {
    stop();
    if (preloading) return;
    preloading = true;
    void preloadHomeDialogs();
  };
  const stop = () => {
    for (const type of events) document.removeEventListener(type, start, true);
  };
  for (const type of events) document.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

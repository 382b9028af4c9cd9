import { deferredComponent } from '../../components/deferred-component';

/*
 * The home's dialogs are not needed for its first paint: their code (forms, schemas, the share and
 * export logic) arrives after it, so the album grid shows sooner.
 */
export const CollectionNameDialog = deferredComponent(() => import('../collections/components/collection-name-dialog').then((m) => m.CollectionNameDialog));
export const ConfirmDialog = deferredComponent(() => import('../../components/ui/alert-dialog').then((m) => m.ConfirmDialog));
export const ShareDialog = deferredComponent(() => import('../sharing/share-dialog').then((m) => m.ShareDialog));
export const ExportDialog = deferredComponent(() => import('../export/components/export-dialog').then((m) => m.ExportDialog));

/**
 * Fetches every dialog's code, once the page has what it needs on screen: one at a time, each when
 * the browser is idle again, so evaluating them (zod's schemas among them) is several short tasks
 * rather than one long one while the page is still settling (Lighthouse counts a long one as blocking time).
 */
export async function preloadHomeDialogs(): Promise<void> {
  for (const dialog of [ConfirmDialog, CollectionNameDialog, ShareDialog, ExportDialog]) {
    await whenIdle();
    await dialog.preload().catch(() => undefined);
  }
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

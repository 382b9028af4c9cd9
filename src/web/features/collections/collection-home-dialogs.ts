import { deferredComponent } from './deferred-component';

/*
 * The home's dialogs are not needed for its first paint: their code (forms, schemas, the share and
 * export logic) arrives after it, so the album grid shows sooner.
 */
export const CollectionNameDialog = deferredComponent(() => import('./components/collection-name-dialog').then((m) => m.CollectionNameDialog));
export const ConfirmDialog = deferredComponent(() => import('../../components/ui/alert-dialog').then((m) => m.ConfirmDialog));
export const ShareDialog = deferredComponent(() => import('../sharing/share-dialog').then((m) => m.ShareDialog));
export const ExportDialog = deferredComponent(() => import('../export/components/export-dialog').then((m) => m.ExportDialog));

/** Fetches every dialog's code, once the page has what it needs on screen. */
export function preloadHomeDialogs(): void {
  for (const dialog of [CollectionNameDialog, ConfirmDialog, ShareDialog, ExportDialog]) dialog.preload().catch(() => undefined);
}

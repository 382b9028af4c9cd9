import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../common/constants';
import { KEPT_DATA_CACHE, SERVICE_WORKER_PATH } from '../../common/offline-copy';
import { apiRequest } from '../lib/api-client';
import { API, QUERY_KEYS } from '../lib/api-paths';
import type { SessionUser } from '../lib/session';
import { localStore } from '../lib/storage';
import { whenIdle } from '../lib/when-idle';
import { refreshWhenBackOnline } from './back-online';

/*
 * The page's side of the offline shelf (docs/product/offline.md#updates): it registers the service
 * worker once the page has loaded and gone idle (nothing of it competes with the first cards), asks
 * it to refresh the kept copy for the signed-in user, and clears that copy when nobody is signed in.
 */

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

/**
 * After the load event, a pause, then an idle moment: the worker's install fetches the shell's files
 * and the kept album list is refreshed, which on a 2-core phone must not compete with the home taking
 * the page over (Lighthouse's blocking time, bench/home-lighthouse).
 */
const AFTER_LOAD_MS = 8000;

let afterLoad: Promise<void> | null = null;
function whenSettled(): Promise<void> {
  afterLoad ??= new Promise<void>((resolve) => {
    const afterPause = () => setTimeout(() => whenIdle(() => resolve(), 5000), AFTER_LOAD_MS);
    if (document.readyState === 'complete') afterPause();
    else window.addEventListener('load', afterPause, { once: true });
  });
  return afterLoad;
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;
function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registration ??= whenSettled()
    .then(() => navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }))
    .then(() => navigator.serviceWorker.ready)
    .catch(() => null);
  return registration;
}

/** Asks the worker to refresh the kept copy of `userId`'s reads (after the page settled). */
async function keepFor(userId: number): Promise<void> {
  const ready = await registerServiceWorker();
  ready?.active?.postMessage({ type: 'keep', userId });
}

/** Removes the kept copy: from the page at once, and tells the worker, so a read on its way is not kept after. */
export async function clearKeptCopy(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(KEPT_DATA_CACHE).catch(() => false);
  if (supported()) (await navigator.serviceWorker.getRegistration().catch(() => undefined))?.active?.postMessage({ type: 'clear' });
}

/**
 * Run by the app shell with the session user: a real signed-in user's copy is refreshed once the page
 * has settled; with nobody signed in (or a gated user, who may not read albums) it is cleared. Back
 * online, fresh data replaces the kept copy and the notice goes (back-online.ts).
 */
export function useOfflineCopy(user: SessionUser | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => refreshWhenBackOnline(queryClient), [queryClient]);

  const userId = user === undefined ? undefined : user && !user.placeholder && user.id > 0 ? user.id : null;
  useEffect(() => {
    if (userId === undefined) return;
    if (userId === null) {
      void clearKeptCopy();
      return;
    }
    if (localStore.get(STORAGE_KEYS.pendingLogout)) {
      // Signed out without a network earlier: end that session now instead of keeping its data.
      void apiRequest('POST', API.logout).then(
        async () => {
          localStore.remove(STORAGE_KEYS.pendingLogout);
          await clearKeptCopy();
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== API.user });
          queryClient.setQueryData(QUERY_KEYS.user, null);
        },
        () => {},
      );
      return;
    }
    if (supported()) void keepFor(userId);
  }, [userId, queryClient]);
}

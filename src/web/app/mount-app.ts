import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AlbumListItem } from '../../common/albums.schemas';
import type { Collection } from '../../common/collections.schemas';
import {
  SERVER_RENDER_ATTRIBUTE,
  STORED_OVERDUE_DISMISSAL_ATTRIBUTE,
  STORED_SELECTION_ATTRIBUTE,
  STORED_VIEW_ATTRIBUTE,
} from '../../common/home-render';
import { peekEarlyJson, prepareDeferredAnswer, releaseDeferredReads, takeEarlyJson } from '../lib/early-home-reads';
import { prepareHomeOrder } from '../features/albums/album-view';
import { holdDrawnHomeHead, readDrawnHomeHead } from '../lib/drawn-home-head';
import { yieldToMain } from '../lib/json-slices';
import { readStoredHomeView } from '../lib/home-view-memory';
import { readStoredSelection } from '../features/collections/selected-collection';
import { readStoredOverdueDismissal } from '../lib/overdue-dismissal-memory';
import { API, QUERY_KEYS } from '../lib/api-paths';
import type { SessionUser } from '../lib/session';

/**
 * Keeps a query in the cache until the app itself observes it: the cache drops unobserved data at
 * once (docs/product/api.md#client), and hydration renders a moment after the data is put there.
 * Resolves then, which is after the hydrated page's first commit.
 */
function holdUntilObserved(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const hold = new QueryObserver(client, { queryKey, enabled: false });
  const release = hold.subscribe(() => undefined);
  return new Promise((resolve) => {
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'observerAdded' || event.observer === hold || event.query !== hold.getCurrentQuery()) return;
      stop();
      release();
      resolve();
    });
  });
}

/**
 * Puts in the cache what the server drew the collection home from, as this browser has just read it
 * again: the user and the collections, and either the drawing's head (lib/drawn-home-head.ts: the
 * album list is then read after the takeover) or, on a drawing without one, the albums. Resolves with
 * one promise per query, settled once the app observes it; null when the browser would draw something
 * else (another stored selection, view or overdue dismissal, a session that is gone or gated, a read
 * that failed).
 */
async function seedServerDrawnHome(root: HTMLElement, client: QueryClient): Promise<Promise<void>[] | null> {
  if (root.getAttribute(STORED_SELECTION_ATTRIBUTE) !== readStoredSelection()) return null;
  if (root.getAttribute(STORED_VIEW_ATTRIBUTE) !== readStoredHomeView()) return null;
  if ((root.getAttribute(STORED_OVERDUE_DISMISSAL_ATTRIBUTE) ?? '') !== readStoredOverdueDismissal()) return null;
  // main.tsx asked for these as the drawing showed; anything but a success (a 401 or 402 too) means
  // the browser renders afresh, where the app's normal reads handle it.
  const head = readDrawnHomeHead();
  const [user, collections, albums] = await Promise.all([
    takeEarlyJson<SessionUser>(API.user),
    peekEarlyJson<Collection[]>(API.collections),
    head ? undefined : peekEarlyJson<AlbumListItem[]>(API.albums),
  ]);
  if (!user || !collections || (!head && !albums)) return null;
  if (head) {
    holdDrawnHomeHead(head);
    // The drawn grid's order worked out as the list arrives, in tasks of its own, not in the render
    // that replaces the head with the list (one long task at 20,000 albums).
    const view = head.view;
    if (view) {
      prepareDeferredAnswer(API.albums, (list) =>
        prepareHomeOrder(list as AlbumListItem[], view.collection, view.sortBy, yieldToMain),
      );
    }
  }
  const seeded: (readonly [QueryKey, unknown])[] = [
    [QUERY_KEYS.user, user],
    [QUERY_KEYS.collections, collections],
  ];
  if (albums) seeded.push([QUERY_KEYS.albums, albums]);
  return seeded.map(([queryKey, data]) => {
    const observed = holdUntilObserved(client, queryKey);
    client.setQueryData(queryKey, data);
    return observed;
  });
}

/**
 * Starts the app in `root`. A collection home the server drew (features/collection-home/
 * home-server-render.tsx) is hydrated: its cards stay on screen and become the app's own. Otherwise,
 * or when this browser would draw something else, the app renders afresh and replaces the drawing.
 * Resolves with whether the drawing was hydrated, once it is.
 */
export async function mountApp(root: HTMLElement, app: ReactNode, client: QueryClient): Promise<boolean> {
  // Each step of the takeover in a task of its own: evaluating the app's code, putting the reads in
  // the cache, starting the hydration. The album list is usually read by then, so they ran as one task
  // (13 ms of CPU at 20,000 albums, four times that on Lighthouse's phone: blocking time).
  const drawn = root.getAttribute(SERVER_RENDER_ATTRIBUTE) === 'home';
  if (drawn) await yieldToMain();
  const observed = drawn ? await seedServerDrawnHome(root, client) : null;
  if (observed) {
    await yieldToMain();
    // In a transition, hydration renders in short slices (a default-priority hydration is one
    // synchronous render of the whole home: Lighthouse's blocking time).
    startTransition(() => void hydrateRoot(root, app));
    await Promise.all(observed);
    // The album list after the frame that follows the takeover (the grid measured and drawn).
    requestAnimationFrame(() => setTimeout(releaseDeferredReads, 0));
    return true;
  }
  releaseDeferredReads();
  createRoot(root).render(app);
  return false;
}

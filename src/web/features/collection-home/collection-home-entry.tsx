import { API } from '../../lib/api-paths';
import { pageServedSignedOut } from '../../lib/session';
import CollectionHomePage from './collection-home-page';
import { startEarlyReads } from '../../lib/early-home-reads';

/*
 * The collection home is where signed-in users land, so its code is part of the app's chunk (start.tsx):
 * a dynamic import would add a round of chunk fetches and module evaluation, and a spinner render
 * pass, between the app's start and the first album cards (as the home's render benchmark measured). Not
 * React.lazy either: a Suspense fallback's reveal is held back by React for 300 ms. Its data is
 * asked for as the app starts on its paths, beside the session lookup (early-home-reads.ts).
 */
const HOME_PATHS = new Set(['/', '/collection', '/collections']);
// Not on a page served signed out: the reads would answer 401 (a console error each).
if (typeof window !== 'undefined' && HOME_PATHS.has(window.location.pathname) && !pageServedSignedOut()) {
  startEarlyReads([API.collections, API.albums]);
}

export { CollectionHomePage };

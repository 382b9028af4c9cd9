import type { RouteInfo } from './server.js';

/**
 * How the suite attacks each route that names an object in its path. Every route of the server's
 * table with a path parameter must be classified here (or fall under /api/admin, which is
 * administrator-only by design); an unclassified one fails the suite until it is listed with a reason.
 */
export type ObjectKind = 'album' | 'collection' | 'store' | 'cover' | 'wish';

export type PathClass =
  /** Owned by a user: another user gets 404 and never the owner's data, for every verb. */
  | { kind: 'owned'; object: ObjectKind; param: string }
  /** Reached by an unguessable capability in the path (share tokens, checkout secrets): no owner check by design. */
  | { kind: 'capability'; reason: string }
  /** A fixed name space, not an object of anyone (the web app's catch-all). */
  | { kind: 'not-an-object'; reason: string };

export const PATH_CLASSES: Record<string, PathClass> = {
  '/api/albums/:id': { kind: 'owned', object: 'album', param: 'id' },
  '/api/collections/:id': { kind: 'owned', object: 'collection', param: 'id' },
  '/api/collections/:id/share': { kind: 'owned', object: 'collection', param: 'id' },
  '/api/record-stores/:id': { kind: 'owned', object: 'store', param: 'id' },
  '/api/cover-art/:filename': { kind: 'owned', object: 'cover', param: 'filename' },
  '/api/wishlist/:id': { kind: 'owned', object: 'wish', param: 'id' },
  '/api/wishlist/:id/acquired': { kind: 'owned', object: 'wish', param: 'id' },
  '/api/shared/:token': { kind: 'capability', reason: 'a public share link (192-bit token: docs/product/sharing.md#tokens); disabling it is the owner’s control' },
  '/api/shared/:token/artists': { kind: 'capability', reason: 'public share link' },
  '/api/shared/:token/albums': { kind: 'capability', reason: 'public share link' },
  '/api/shared/:token/cover-art/:name': { kind: 'capability', reason: 'public share link; only covers of albums in that collection' },
  '/api/record-stores/shared/:token': { kind: 'capability', reason: 'public share link of a store list (docs/product/record-stores.md#sharing)' },
  '/api/wishlist/shared/:token': { kind: 'capability', reason: 'the gift list: a public share link of a wish list (docs/product/wishlist.md#gift-list)' },
  '/api/wishlist/shared/:token/cover-art/:name': { kind: 'capability', reason: 'the gift list; only covers its wishes show' },
  '/demo-checkout/:sessionId/:secret': { kind: 'capability', reason: 'the demo checkout page: a per-session secret in the address (docs/product/subscription.md#providers)' },
  '/demo-checkout/:sessionId/pay': { kind: 'capability', reason: 'the form posts the per-session secret; tested under payment abuse' },
  '/demo-checkout/:sessionId/cancel': { kind: 'capability', reason: 'the form posts the per-session secret; tested under payment abuse' },
  '/api/releases/:releaseId': { kind: 'not-an-object', reason: 'a MusicBrainz release id: public catalogue data, nobody’s object (docs/product/releases.md#autofill)' },
  '/*': { kind: 'not-an-object', reason: 'the web app: built files and pages; unknown /api paths answer 404 JSON' },
};

export const isAdminRoute = (route: Pick<RouteInfo, 'url'>) => route.url === '/api/admin' || route.url.startsWith('/api/admin/');

/** Body fields that name an object by id: each must be listed, and is attacked with another user's id. */
export const BODY_ID_FIELDS: Record<string, { field: string; object: ObjectKind | 'checkout' } | { field: string; reason: string }> = {
  'POST /api/record-stores/update-coordinates storeId': { field: 'storeId', object: 'store' },
  'POST /api/subscription/direct-update sessionId': { field: 'sessionId', object: 'checkout' },
  'POST /api/login pendingSubscriptionSessionId': { field: 'pendingSubscriptionSessionId', reason: 'accepted for the client’s flow and never read by the server' },
  'POST /api/albums discogsReleaseId': { field: 'discogsReleaseId', reason: 'a Discogs release number: public catalogue data, nobody’s object' },
  'POST /api/albums musicbrainzReleaseId': { field: 'musicbrainzReleaseId', reason: 'a MusicBrainz release id: public catalogue data, nobody’s object' },
  'PUT /api/albums/:id discogsReleaseId': { field: 'discogsReleaseId', reason: 'a Discogs release number: public catalogue data, nobody’s object' },
  'PUT /api/albums/:id musicbrainzReleaseId': { field: 'musicbrainzReleaseId', reason: 'a MusicBrainz release id: public catalogue data, nobody’s object' },
  'POST /api/albums fulfilsWishId': { field: 'fulfilsWishId', object: 'wish' },
  'PUT /api/albums/:id fulfilsWishId': { field: 'fulfilsWishId', reason: 'read only when an album is added (POST); an edit ignores it' },
  'POST /api/wishlist discogsReleaseId': { field: 'discogsReleaseId', reason: 'a Discogs release number: public catalogue data, nobody’s object' },
  'POST /api/wishlist musicbrainzReleaseId': { field: 'musicbrainzReleaseId', reason: 'a MusicBrainz release id: public catalogue data, nobody’s object' },
  'PUT /api/wishlist/:id discogsReleaseId': { field: 'discogsReleaseId', reason: 'a Discogs release number: public catalogue data, nobody’s object' },
  'PUT /api/wishlist/:id musicbrainzReleaseId': { field: 'musicbrainzReleaseId', reason: 'a MusicBrainz release id: public catalogue data, nobody’s object' },
};

export function pathClass(route: RouteInfo): PathClass | 'admin' | undefined {
  if (isAdminRoute(route)) return 'admin';
  return PATH_CLASSES[route.url];
}

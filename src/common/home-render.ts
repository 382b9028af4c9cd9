import type { AlbumListItem } from './albums.schemas.js';
import type { User } from './auth.schemas.js';
import type { Collection } from './collections.schemas.js';

/**
 * The contract between the server and the web build's server entry (src/web/features/collection-home/
 * home-server-render.tsx, built to dist/ssr): everything the collection home's first render reads,
 * exactly as the API would answer it.
 */
export interface HomeRenderInput {
  /** The request's path and query string (without "?"). */
  path: string;
  search: string;
  /** GET /api/user, /api/collections and /api/albums for the signed-in user. */
  user: User;
  collections: Collection[];
  albums: AlbumListItem[];
  /** The selected-collection cookie's value: localStorage's selectedCollection as the browser last stored it. */
  storedSelectedCollection: string | null;
  /** The home-view cookie's value made canonical (common/home-view.ts): the sort, filters and layout. */
  storedHomeView: string;
  /** The dismissed-overdue cookie's value made canonical (common/overdue-dismissal.ts): '' for none. */
  storedOverdueDismissal: string;
}

export interface HomeRenderModule {
  /** The markup of the app's root element. */
  renderHome(input: HomeRenderInput): string;
}

/** Marks a root the server drew (data-server-render), and what the browser must agree on to hydrate it. */
export const SERVER_RENDER_ATTRIBUTE = 'data-server-render';
export const STORED_SELECTION_ATTRIBUTE = 'data-stored-selection';
export const STORED_VIEW_ATTRIBUTE = 'data-stored-view';
/** Present only when something was dismissed: the overdue loans the drawing took as dismissed. */
export const STORED_OVERDUE_DISMISSAL_ATTRIBUTE = 'data-stored-overdue-dismissal';

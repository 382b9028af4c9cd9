import type { AlbumListItem } from './albums.schemas.js';
import type { User } from './auth.schemas.js';
import type { Collection } from './collections.schemas.js';
import type { HomeSortField } from './home-view.js';

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

/**
 * What the drawn home showed, for the browser to take the drawing over without the album list: the
 * first albums of the grid in its order and the numbers read from the whole list. The list itself is
 * read after the takeover (docs/decisions.md, "The first visit").
 */
export interface HomeHead {
  /** The selected collection's grid; null when none is shown (no collections yet). */
  view: HomeHeadView | null;
  /** Overdue loans across every collection (the header's count) and the notice's keys for them. */
  overdueCount: number;
  overdueKeys: string[];
}

export interface HomeHeadView {
  /** The collection shown (null: All albums), the sort and the filters the drawing used. */
  collection: string | null;
  sortBy: HomeSortField;
  filters: string;
  /** The first HOME_HEAD_ALBUMS albums the grid shows, in its order. */
  albums: AlbumListItem[];
  shownCount: number;
  inCollectionCount: number;
  totalCents: number;
}

/** Albums the head carries: the drawn cards and the rest of a wide first screen with its rows beyond. */
export const HOME_HEAD_ALBUMS = 48;

/** The id of the drawn page's `<script type="application/json">` holding the head. */
export const HOME_HEAD_ELEMENT_ID = 'home-head';

/** The head as a JSON script's text: `<` written as `\u003c`, so no album's title can end the script. */
export const homeHeadScript = (head: HomeHead) =>
  `<script type="application/json" id="${HOME_HEAD_ELEMENT_ID}">${JSON.stringify(head).replace(/</g, '\\u003c')}</script>`;

export interface HomeRenderModule {
  /** The markup of the app's root element, and the head of what it shows. */
  renderHome(input: HomeRenderInput): { html: string; head: HomeHead };
}

/** Marks a root the server drew (data-server-render), and what the browser must agree on to hydrate it. */
export const SERVER_RENDER_ATTRIBUTE = 'data-server-render';
export const STORED_SELECTION_ATTRIBUTE = 'data-stored-selection';
export const STORED_VIEW_ATTRIBUTE = 'data-stored-view';
/** Present only when something was dismissed: the overdue loans the drawing took as dismissed. */
export const STORED_OVERDUE_DISMISSAL_ATTRIBUTE = 'data-stored-overdue-dismissal';

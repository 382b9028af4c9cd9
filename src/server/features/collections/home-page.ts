import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HOME_VIEW_COOKIE, OVERDUE_DISMISSED_COOKIE, SELECTED_COLLECTION_COOKIE } from '../../../common/constants.js';
import {
  SERVER_RENDER_ATTRIBUTE,
  STORED_OVERDUE_DISMISSAL_ATTRIBUTE,
  STORED_SELECTION_ATTRIBUTE,
  STORED_VIEW_ATTRIBUTE,
  homeHeadScript,
  type HomeRenderModule,
} from '../../../common/home-render.js';
import { normalizeHomeView } from '../../../common/home-view.js';
import { normalizeOverdueDismissal } from '../../../common/overdue-dismissal.js';
import type { UserRow } from '../../db/schema.js';
import { userAccess } from '../../plugins/guards.js';
import type { PageParts, PageRenderer } from '../../plugins/web-app.js';
import { userAlbumList } from '../albums/albums.service.js';
import { presentUser } from '../users/user.presenter.js';
import { listCollections } from './collections.service.js';

/** The collection home's paths (docs/product/collections.md#home). */
const HOME_PATHS = new Set(['/', '/collection', '/collections']);

/** What the home reads first; the app's fetches (credentials included) take these preloaded answers. */
const HOME_READS = ['/api/user', '/api/collections', '/api/albums'];
const PRELOADS = HOME_READS.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`).join('');

/**
 * The web build's server entry (dist/ssr/home-render.js beside dist/web, made by vite.ssr.config.ts);
 * null when the web app is not built.
 */
export async function loadHomeRenderModule(webRoot: string): Promise<HomeRenderModule | null> {
  const file = path.join(webRoot, '..', 'ssr', 'home-render.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as HomeRenderModule;
}

/** Users whose latest drawing is kept, and the bytes all of them may hold. */
const KEPT_DRAWINGS = 500;
const KEPT_DRAWING_BYTES = 64 * 1024 * 1024;

/**
 * Each user's latest drawing of the home, kept until their next write (drawing a 3,000-album
 * home took the event loop for tens of milliseconds per request, so 200 signed-in clients queued for
 * seconds). The key holds everything the drawing reads: the user's data_version (bumped by every
 * collection or album write, in the same transaction, on every instance), the path and query, the
 * stored selection, view and overdue dismissal, and the user as presented (name, tier, trial state), so a kept drawing is always
 * byte for byte the one a new drawing would give. One entry per user, least recently used dropped.
 */
interface Drawing {
  html: string;
  /** The head of what it shows, as the script that follows the root. */
  after: string;
}

class DrawingCache {
  private readonly entries = new Map<number, { key: string; drawing: Drawing }>();
  private bytes = 0;

  get(userId: number, key: string): Drawing | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.key !== key) return undefined;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.drawing;
  }

  set(userId: number, key: string, drawing: Drawing): void {
    this.drop(userId);
    this.entries.set(userId, { key, drawing });
    this.bytes += drawing.html.length + drawing.after.length;
    while (this.entries.size > KEPT_DRAWINGS || this.bytes > KEPT_DRAWING_BYTES) this.drop(this.entries.keys().next().value!);
  }

  private drop(userId: number): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.bytes -= entry.drawing.html.length + entry.drawing.after.length;
    this.entries.delete(userId);
  }
}

/** The home's root element as the app draws it for this user, with what the browser needs to hydrate it. */
async function drawHome(
  app: FastifyInstance,
  module: HomeRenderModule,
  drawings: DrawingCache,
  request: FastifyRequest,
  user: UserRow,
): Promise<PageParts['root']> {
  const query = request.url.indexOf('?');
  const stored = request.cookies[SELECTED_COLLECTION_COOKIE] ?? null;
  // Read leniently and written back canonical: a hand-made cookie draws the default view, never fails.
  const storedView = normalizeHomeView(request.cookies[HOME_VIEW_COOKIE]);
  // The overdue line is drawn as this device will show it (docs/product/loans.md#overdue-count): taking
  // the drawing over then moves nothing below it.
  const dismissed = normalizeOverdueDismissal(request.cookies[OVERDUE_DISMISSED_COOKIE]);
  const path = query < 0 ? request.url : request.url.slice(0, query);
  const search = query < 0 ? '' : request.url.slice(query + 1);
  const presented = presentUser(user);
  const key = JSON.stringify([user.data_version, path, search, stored, storedView, dismissed, presented]);
  let drawing = drawings.get(user.id, key);
  if (drawing === undefined) {
    const [collections, list] = await Promise.all([listCollections(app.ctx, user.id), userAlbumList(app.ctx, user)]);
    const drawn = module.renderHome({
      path,
      search,
      user: presented,
      collections,
      albums: await list.albums(),
      storedSelectedCollection: stored,
      storedHomeView: storedView,
      storedOverdueDismissal: dismissed,
    });
    drawing = { html: drawn.html, after: homeHeadScript(drawn.head) };
    drawings.set(user.id, key, drawing);
  }
  return {
    html: drawing.html,
    after: drawing.after,
    attributes: {
      [SERVER_RENDER_ATTRIBUTE]: 'home',
      [STORED_VIEW_ATTRIBUTE]: storedView,
      ...(stored === null ? {} : { [STORED_SELECTION_ATTRIBUTE]: stored }),
      ...(dismissed === '' ? {} : { [STORED_OVERDUE_DISMISSAL_ATTRIBUTE]: dismissed }),
    },
  };
}

/**
 * The collection home for a signed-in user (docs/product/collections.md#home: the first album cards of a 10,000-album
 * collection show within 1.5× a bare page): the home already drawn by the app's own components, which
 * the browser then hydrates. When there is no drawing (no web build, a drawing that failed) the page
 * asks the browser to start the home's reads while it parses instead. A user whose access is gated
 * (the app sends them to /subscription) and a visitor get neither: the reads would answer 402 or 401.
 */
export function homePageRenderer(app: FastifyInstance, module: HomeRenderModule | null): PageRenderer {
  const drawings = new DrawingCache();
  return async (request) => {
    if (!HOME_PATHS.has(request.url.split('?')[0] ?? '')) return null;
    const user = await app.pageSessionUser(request);
    if (!user) return null;
    if (userAccess(user) === 'gated') return null;
    if (!module) return { head: PRELOADS };
    try {
      // No preloads beside the drawing: their 3.5 MB (10,000 albums) would compete with showing it.
      // The app asks for them once the drawing is on screen (src/web/main.tsx).
      return { root: await drawHome(app, module, drawings, request, user) };
    } catch (error) {
      request.log.error({ err: error }, 'The collection home could not be drawn on the server');
      return { head: PRELOADS };
    }
  };
}

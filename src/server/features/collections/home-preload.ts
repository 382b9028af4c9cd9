import type { FastifyInstance } from 'fastify';
import type { HeadRenderer } from '../../plugins/web-app.js';

/** The collection home's paths (spec 1 §2, D13). */
const HOME_PATHS = new Set(['/', '/collection', '/collections']);

/** What the home reads first; the app's fetches (credentials included) take these preloaded answers. */
const HOME_READS = ['/api/user', '/api/collections', '/api/albums'];

/**
 * For a signed-in user opening the collection home, asks the browser to start the home's reads while
 * it parses the page, rather than after the app's code has loaded (issue 3: the first album cards of a
 * 10,000-album collection show within 1.5× a bare page). Visitors get nothing: the reads would 401.
 */
export function homePreloadRenderer(app: FastifyInstance): HeadRenderer {
  return async (request) => {
    if (!HOME_PATHS.has(request.url.split('?')[0] ?? '')) return null;
    if (!(await app.pageSessionUser(request))) return null;
    return HOME_READS.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`).join('');
  };
}

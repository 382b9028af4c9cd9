import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../common/constants.js';
import { isShareTokenShape, sharedCollectionPath } from '../../../common/sharing.schemas.js';
import type { PageRenderer } from '../../plugins/web-app.js';
import { previewImageName, sharedCoverPath } from './shared-view.js';
import { sharingRepository } from './sharing.repository.js';

const SHARED_PAGE = /^\/shared\/([^/]+)\/?$/;

/**
 * Escapes text for an HTML attribute value. `$` too: web-app.ts splices the markup in with
 * String.replace, where `$&`, `$'`… in a collection name would otherwise paste parts of the page.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'$]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

export function previewDescription(albumCount: number, firstName: string | null, lastName: string | null): string {
  const albums = `${albumCount} ${albumCount === 1 ? 'album' : 'albums'}`;
  const owner = [firstName, lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return owner ? `${albums} · shared by ${owner} on ${PRODUCT_NAME}` : `${albums} · shared on ${PRODUCT_NAME}`;
}

/**
 * Open Graph and Twitter meta for GET /shared/{token} with a live token, so a pasted link shows the
 * collection's name, size, owner and a cover. Only what the public API shows anyway
 * (docs/product/sharing.md#link-previews); noindex so search engines do not list private people's
 * collections.
 */
export function linkPreviewRenderer(app: FastifyInstance): PageRenderer {
  return async (request) => {
    const match = SHARED_PAGE.exec(request.url.split('?')[0] ?? '');
    const token = match?.[1];
    if (!token || !isShareTokenShape(token)) return null;
    const shared = await sharingRepository.findByToken(app.ctx.db, token);
    if (!shared) return null;
    const albums = await sharingRepository.listAlbums(app.ctx.db, shared.collectionId);
    const origin = app.ctx.config.publicUrl;
    const imageName = previewImageName(albums);
    const image = imageName ? `${origin}${sharedCoverPath(token, imageName)}` : null;
    const description = previewDescription(albums.length, shared.ownerFirstName, shared.ownerLastName);
    const head = [
      meta('name', 'robots', 'noindex'),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', shared.name),
      meta('property', 'og:description', description),
      meta('property', 'og:url', `${origin}${sharedCollectionPath(token)}`),
      ...(image ? [meta('property', 'og:image', image)] : []),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', shared.name),
      meta('name', 'twitter:description', description),
      ...(image ? [meta('name', 'twitter:image', image)] : []),
    ].join('');
    return { head };
  };
}

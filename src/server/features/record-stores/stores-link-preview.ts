import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../common/constants.js';
import { sharedStoresPath } from '../../../common/record-stores.schemas.js';
import { isShareTokenShape } from '../../../common/sharing.schemas.js';
import type { PageRenderer } from '../../plugins/web-app.js';
import { escapeHtml } from '../sharing/link-preview.js';
import { recordStoresRepository } from './record-stores.repository.js';

const SHARED_STORES_PAGE = /^\/record-stores\/shared\/([^/]+)\/?$/;
export const SHARED_STORES_TITLE = 'Shared record stores';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * "3 record stores: Amoeba Music, Rough Trade, Grimey's · shared on Spindle" (store names only,
 * docs/product/record-stores.md#sharing).
 */
export function storesPreviewDescription(names: string[]): string {
  const count = `${names.length} ${names.length === 1 ? 'record store' : 'record stores'}`;
  const listed = names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
  return names.length ? `${count}: ${listed} · shared on ${PRODUCT_NAME}` : `${count} · shared on ${PRODUCT_NAME}`;
}

/**
 * Open Graph and Twitter meta for GET /record-stores/shared/{token} with a live token, like the shared
 * collection's (sharing/link-preview.ts): only what the public call shows anyway, never the owner.
 */
export function storesLinkPreviewRenderer(app: FastifyInstance): PageRenderer {
  return async (request) => {
    const token = SHARED_STORES_PAGE.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!token || !isShareTokenShape(token)) return null;
    const ownerId = await recordStoresRepository.findShareOwner(app.ctx.db, token);
    if (ownerId === undefined) return null;
    const stores = await recordStoresRepository.list(app.ctx.db, ownerId);
    const description = storesPreviewDescription(stores.map((store) => store.name));
    const head = [
      meta('name', 'robots', 'noindex'),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', SHARED_STORES_TITLE),
      meta('property', 'og:description', description),
      meta('property', 'og:url', `${app.ctx.config.publicUrl}${sharedStoresPath(token)}`),
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', SHARED_STORES_TITLE),
      meta('name', 'twitter:description', description),
    ].join('');
    return { head };
  };
}

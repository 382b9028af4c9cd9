import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../common/constants.js';
import { isShareTokenShape } from '../../../common/sharing.schemas.js';
import type { PageRenderer } from '../../plugins/web-app.js';
import { storedImageName } from '../cover-art/image-cleanup.js';
import { escapeHtml } from '../sharing/link-preview.js';
import { giftCoverPath, giftListPagePath } from './gift-list-view.js';
import { wishlistRepository } from './wishlist.repository.js';

const GIFT_LIST_PAGE = /^\/wishlist\/shared\/([^/]+)\/?$/;
export const GIFT_LIST_PREVIEW_TITLE = 'Gift list';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** "3 records wished for: Blue Train, Kind of Blue, Giant Steps · shared on Spindle" (titles in the list's order). */
export function giftListPreviewDescription(titles: string[]): string {
  const count = `${titles.length} ${titles.length === 1 ? 'record' : 'records'} wished for`;
  const listed = titles.slice(0, 3).join(', ') + (titles.length > 3 ? ` and ${titles.length - 3} more` : '');
  return titles.length ? `${count}: ${listed} · shared on ${PRODUCT_NAME}` : `${count} · shared on ${PRODUCT_NAME}`;
}

/**
 * Open Graph and Twitter meta for GET /wishlist/shared/{token} with a live token, as for a shared
 * collection (docs/product/wishlist.md#link-previews): only what the gift list shows anyway (titles and
 * the first stored cover, never the owner, prices or notes); noindex. Any other token adds nothing,
 * so it gets the same page as any unknown address.
 */
export function giftListPreviewRenderer(app: FastifyInstance): PageRenderer {
  return async (request) => {
    const token = GIFT_LIST_PAGE.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!token || !isShareTokenShape(token)) return null;
    const ownerId = await wishlistRepository.findShareOwner(app.ctx.db, token);
    if (ownerId === undefined) return null;
    const wishes = await wishlistRepository.list(app.ctx.db, ownerId);
    const origin = app.ctx.config.publicUrl;
    // Remote covers are never named: a crawler fetching them would tell another site who looked.
    const imageName = wishes.map((wish) => storedImageName(wish.cover_url)).find((name) => name !== null) ?? null;
    const image = imageName ? `${origin}${giftCoverPath(token, imageName)}` : null;
    const description = giftListPreviewDescription(wishes.map((wish) => wish.title));
    const head = [
      meta('name', 'robots', 'noindex'),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', GIFT_LIST_PREVIEW_TITLE),
      meta('property', 'og:description', description),
      meta('property', 'og:url', `${origin}${giftListPagePath(token)}`),
      ...(image ? [meta('property', 'og:image', image)] : []),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', GIFT_LIST_PREVIEW_TITLE),
      meta('name', 'twitter:description', description),
      ...(image ? [meta('name', 'twitter:image', image)] : []),
    ].join('');
    return { head };
  };
}

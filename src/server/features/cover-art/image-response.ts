import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ImageRow } from '../../db/schema.js';

export type ImageVariant = 'full' | 'thumb';

/** One stored image by its server-made name, or undefined. */
export function findImageByName(db: Db, name: string): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('name', '=', name).executeTakeFirst();
}

/**
 * Sends a stored image: its own content type, `nosniff`, a sandboxing CSP, an ETag from its hash and
 * long-lived caching (names are never reused for other bytes). Private: only the browser caches it.
 */
export function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: ImageRow, variant: ImageVariant): FastifyReply {
  const thumb = variant === 'thumb' && image.thumb_data;
  const etag = `"${image.sha256.slice(0, 32)}${thumb ? '-t' : ''}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(thumb ? 'image/webp' : image.content_type).send(thumb ? image.thumb_data : image.data);
}

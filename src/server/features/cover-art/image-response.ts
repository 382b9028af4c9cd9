import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImageRow } from '../../db/schema.js';

export type ImageVariant = 'full' | 'thumb';

/**
 * Sends image bytes the way every image route does: the given type, `nosniff`, a sandboxing CSP (an
 * image opened on its own can run nothing), same-origin only, an ETag and a 304 when it matches.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { body: Buffer; contentType: string; etag: string; cacheControl: string },
): FastifyReply {
  void reply
    .header('etag', image.etag)
    .header('cache-control', image.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin');
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.type(image.contentType).send(image.body);
}

/**
 * Sends a stored image with long-lived caching (names are never reused for other bytes). Private:
 * only the browser caches it.
 */
export function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: ImageRow, variant: ImageVariant): FastifyReply {
  const thumb = variant === 'thumb' && image.thumb_data ? image.thumb_data : null;
  return sendImage(request, reply, {
    body: thumb ?? image.data,
    contentType: thumb ? 'image/webp' : image.content_type,
    etag: `"${image.sha256.slice(0, 32)}${thumb ? '-t' : ''}"`,
    cacheControl: 'private, max-age=31536000, immutable',
  });
}

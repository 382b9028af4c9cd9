import { UPLOAD_MAX_BYTES } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { userAgentFor } from './cover-art-search.service.js';
import { httpCacheRepository } from '../../upstream/http-cache.repository.js';
import { sniffImageType } from './image-processing.js';
import { parsePublicHttpUrl, safeFetch, SafeFetchError, type SafeFetchOptions } from '../../upstream/safe-fetch.js';

export const NOT_AN_IMAGE_AT_URL = 'The address did not return a JPEG, PNG, WebP or GIF image';
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const CACHE_TTL_MS = 86_400_000;

export interface RemoteImage {
  body: Buffer;
  contentType: string;
}

/**
 * The fetch rules for user-given image addresses (docs/product/cover-art.md#proxy), with this app's test
 * and operator allowances.
 */
export function imageFetchOptions(ctx: AppContext): SafeFetchOptions {
  return {
    maxBytes: UPLOAD_MAX_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    userAgent: userAgentFor(ctx),
    firstHopPrivateHosts: ctx.testAllowedPrivateHosts,
    trustedOrigins: [new URL(ctx.config.coverArt.coverArtArchiveUrl).origin],
  };
}

function toAppError(error: SafeFetchError): AppError {
  if (error.status === 413) return new AppError('PAYLOAD_TOO_LARGE', error.message);
  if (error.status === 502) return new AppError('BAD_GATEWAY', error.message);
  return badRequest(error.message);
}

/**
 * A remote image by a user-given address, through the safe fetcher, accepted only when its bytes
 * are a JPEG, PNG, WebP or GIF. Fetched images are kept in the shared http_cache for a day.
 */
export async function fetchRemoteImage(ctx: AppContext, rawUrl: string): Promise<RemoteImage> {
  let url: URL;
  try {
    url = parsePublicHttpUrl(rawUrl);
  } catch (error) {
    throw error instanceof SafeFetchError ? toAppError(error) : error;
  }
  const key = `image:${url.href}`;
  const cached = await httpCacheRepository.get(ctx.db, key);
  if (cached?.contentType) return { body: cached.body, contentType: cached.contentType };

  let body: Buffer;
  try {
    ({ body } = await safeFetch(url.href, imageFetchOptions(ctx)));
  } catch (error) {
    throw error instanceof SafeFetchError ? toAppError(error) : error;
  }
  // The upstream's content-type is never trusted; the bytes decide.
  const contentType = await sniffImageType(body);
  if (!contentType) throw badRequest(NOT_AN_IMAGE_AT_URL);
  await httpCacheRepository.put(ctx.db, key, { contentType, body }, CACHE_TTL_MS);
  return { body, contentType };
}

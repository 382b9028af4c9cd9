import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pressingSchema,
  RELEASE_MESSAGES,
  releaseParamsSchema,
  releaseSearchQuerySchema,
  releaseSearchResponseSchema,
} from '../../../common/releases.schemas.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { UserQueueFullError } from '../../upstream/fair-queue.js';
import { QueueFullError } from '../../upstream/rate-limiter.js';
import { UpstreamError } from '../../upstream/upstream-http.js';
import { lookupPressing, ReleaseNotFoundError, searchPressings } from './release-search.service.js';

/**
 * MusicBrainz failures as the client sees them: this user's share of the queue full (429), the queue
 * busy (503), both with Retry-After, or unavailable (502).
 */
function upstreamFailure(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof UserQueueFullError)
    return new AppError('RATE_LIMITED', RELEASE_MESSAGES.tooManyWaiting, { headers: { 'retry-after': String(error.retryAfterSeconds) } });
  if (error instanceof QueueFullError)
    return new AppError('SERVICE_UNAVAILABLE', RELEASE_MESSAGES.busy, { headers: { 'retry-after': '5' } });
  if (error instanceof UpstreamError) {
    log.warn({ err: error }, 'MusicBrainz release search failed upstream');
    return new AppError('BAD_GATEWAY', RELEASE_MESSAGES.unavailable);
  }
  return error;
}

/**
 * Metadata autofill and barcode add (docs/product/releases.md#api): pressings from MusicBrainz's release search, and one
 * pressing's full details. Reads of public catalogue data, but through the app's one MusicBrainz
 * queue, so only members with access may spend it (docs/product/subscription.md#access).
 */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/releases',
    {
      preValidation: requireAccess,
      schema: { querystring: releaseSearchQuerySchema, response: { 200: releaseSearchResponseSchema } },
    },
    async (request) => {
      const { title, artist, barcode } = request.query;
      if (!barcode && (!title || !artist)) throw badRequest(RELEASE_MESSAGES.needsTitleAndArtist);
      try {
        const pressings = await searchPressings(app.ctx, currentUser(request).id, barcode ? { barcode } : { title, artist });
        return { pressings };
      } catch (error) {
        throw upstreamFailure(error, request.log);
      }
    },
  );

  app.get(
    '/api/releases/:releaseId',
    { preValidation: requireAccess, schema: { params: releaseParamsSchema, response: { 200: pressingSchema } } },
    async (request) => {
      try {
        return await lookupPressing(app.ctx, currentUser(request).id, request.params.releaseId);
      } catch (error) {
        if (error instanceof ReleaseNotFoundError) throw notFound(RELEASE_MESSAGES.notFound);
        throw upstreamFailure(error, request.log);
      }
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENRICHMENT_PATHS, enrichmentStatusSchema, enrichmentUnmatchedSchema } from '../../../common/enrichment.schemas.js';
import { IMPORT_LIMITS } from '../../../common/import.schemas.js';
import { nowIso } from '../../db/database.js';
import { errorSchema } from '../../http/error-schema.js';
import { currentUser, requireAccess, requireUser } from '../../plugins/guards.js';
import { enrichmentRepository } from './enrichment.repository.js';
import { enrichmentStatus, enrichmentWorker } from './enrichment.service.js';

const errors = { 401: errorSchema, 402: errorSchema };

export interface EnrichmentRoutesOptions {
  /** Whether this instance's worker polls (default); tests of the routes alone may leave it off. */
  worker: boolean;
  pollMs?: number;
}

/**
 * The run of lookups after an import (docs/product/import.md#covers-and-details-found-after-an-import): its progress, pause,
 * resume and the albums it could not match. Each answers about the signed-in user's own run only.
 */
export const enrichmentRoutes: FastifyPluginAsyncZod<EnrichmentRoutesOptions> = async (app, options) => {
  const worker = enrichmentWorker(app.ctx);
  if (options.worker) {
    worker.start(options.pollMs);
    app.addHook('onClose', async () => worker.stop());
  }

  app.get(
    ENRICHMENT_PATHS.status,
    { preValidation: requireUser, schema: { response: { 200: enrichmentStatusSchema, ...errors } } },
    async (request) => enrichmentStatus(app.ctx.db, currentUser(request).id),
  );

  app.get(
    ENRICHMENT_PATHS.unmatched,
    { preValidation: requireUser, schema: { response: { 200: enrichmentUnmatchedSchema, ...errors } } },
    async (request) => ({
      items: await enrichmentRepository.unmatched(app.ctx.db, currentUser(request).id, IMPORT_LIMITS.maxListed),
    }),
  );

  app.post(
    ENRICHMENT_PATHS.pause,
    { preValidation: requireUser, schema: { response: { 200: enrichmentStatusSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      await enrichmentRepository.pause(app.ctx.db, user.id, nowIso());
      return enrichmentStatus(app.ctx.db, user.id);
    },
  );

  // Resuming starts lookups again, which a gated account may not (402), as it may not search.
  app.post(
    ENRICHMENT_PATHS.resume,
    { preValidation: requireAccess, schema: { response: { 200: enrichmentStatusSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      await enrichmentRepository.resume(app.ctx.db, user.id);
      worker.kick();
      return enrichmentStatus(app.ctx.db, user.id);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  albumInvestigationSchema,
  diagnosticsUserListSchema,
  diagnosticsUserParamsSchema,
  duplicateRemovalSchema,
  duplicateReportSchema,
} from '../../../../common/admin-diagnostics.schemas.js';
import { diagnosticsRepository } from './diagnostics.repository.js';
import { findDuplicates, investigateAlbums, removeDuplicates } from './diagnostics.service.js';
import { errorSchema } from '../../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Diagnostics (docs/product/admin.md#diagnostics): album-count investigation and duplicate albums for a
 * chosen user. Registered inside the guarded admin scope (admin.routes.ts), so every route here is 401/403
 * for everyone but administrators before it runs.
 */
export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The panels' selects: 'username (N albums)' for every user, counted in one query. Kept here rather
  // than borrowed from GET /api/admin/users so this tab does not depend on the users part.
  app.get('/diagnostics/users', { schema: { response: { 200: diagnosticsUserListSchema, ...errors } } }, async () =>
    diagnosticsRepository.usersWithAlbumCounts(ctx.db),
  );

  app.get(
    '/diagnostics/users/:userId/albums',
    { schema: { params: diagnosticsUserParamsSchema, response: { 200: albumInvestigationSchema, ...errors } } },
    async (request) => investigateAlbums(ctx, request.params.userId),
  );

  app.get(
    '/diagnostics/users/:userId/duplicates',
    { schema: { params: diagnosticsUserParamsSchema, response: { 200: duplicateReportSchema, ...errors } } },
    async (request) => findDuplicates(ctx, request.params.userId),
  );

  app.delete(
    '/diagnostics/users/:userId/duplicates',
    { schema: { params: diagnosticsUserParamsSchema, response: { 200: duplicateRemovalSchema, ...errors } } },
    async (request) => removeDuplicates(ctx, request.params.userId),
  );
};

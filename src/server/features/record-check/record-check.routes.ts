import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordCheckQuerySchema, recordCheckResultSchema } from '../../../common/record-check.schemas.js';
import { errorSchema } from '../../http/error-schema.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { checkRecord } from './record-check.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema };

/**
 * GET /api/check (docs/product/record-check.md#api): the record-fair check. A read like the album list:
 * signed in with access, the caller's own records only, bounded by the overload guard.
 */
export const recordCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/check',
    { preValidation: requireAccess, schema: { querystring: recordCheckQuerySchema, response: { 200: recordCheckResultSchema, ...errors } } },
    async (request) => checkRecord(ctx, currentUser(request).id, request.query),
  );
};

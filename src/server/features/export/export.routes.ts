import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALBUM_MESSAGES, exportQuerySchema, todayIsoDate } from '../../../common/albums.schemas.js';
import { notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/guards.js';
import { collectionsRepository } from '../collections/collections.repository.js';
import { ExportFiles } from './export-files.js';
import { ExportSlots } from './export-slots.js';
import { albumsCsvStream, contentDisposition, exportVersion } from './export.service.js';

const errorSchema = z.object({ message: z.string() }).loose();

/**
 * GET /api/export/albums[?collection=NAME]: a streamed CSV download (spec 1 §7, D16). Only
 * requireUser: D6 keeps a user's own data reachable whatever their subscription.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = await ExportFiles.open(path.join(app.ctx.config.dataDir, 'exports'), app.ctx.config.exportFilesMaxBytes, app.log);
  const slots = new ExportSlots();

  app.get(
    '/api/export/albums',
    {
      preValidation: requireUser,
      schema: {
        querystring: exportQuerySchema,
        response: {
          200: z.string().describe('text/csv; charset=utf-8'),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const user = currentUser(request);
      // Held until the response has gone out or the client has gone away.
      const release = slots.acquire(user.id);
      reply.raw.once('close', release);
      const name = request.query.collection;
      const collection = name === undefined ? undefined : await collectionsRepository.findByName(app.ctx.db, user.id, name);
      if (name !== undefined && !collection) throw notFound(ALBUM_MESSAGES.collectionNotFound);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(collection?.name, todayIsoDate()))
        .header('cache-control', 'no-store');
      const slot = `${user.id}-${collection ? `c${collection.id}` : 'all'}`;
      const version = exportVersion(app.ctx, user);
      // A stream bypasses the response serializer; the 200 schema documents the body's type.
      const kept = await files.read(slot, version);
      if (kept) return reply.header('content-length', kept.size).send(kept.stream);
      return reply.send(albumsCsvStream(app.ctx, user.id, collection?.id, files.writer(slot, version)));
    },
  );
};

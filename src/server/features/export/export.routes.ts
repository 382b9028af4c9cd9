import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALBUM_MESSAGES, exportQuerySchema, todayIsoDate } from '../../../common/albums.schemas.js';
import { notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/guards.js';
import { collectionsRepository } from '../collections/collections.repository.js';
import { ExportFiles } from './export-files.js';
import { ExportSlots } from './export-slots.js';
import { albumsCsvChunks, contentDisposition, exportVersion } from './export.service.js';
import { errorSchema } from '../../http/error-schema.js';

/**
 * GET /api/export/albums[?collection=NAME]: a streamed CSV download (docs/product/export.md#api). Only
 * requireUser: a user's own data stays reachable whatever their subscription (docs/product/subscription.md#gated).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = await ExportFiles.open(path.join(app.ctx.config.dataDir, 'exports'), app.ctx.config.exportFilesMaxBytes, app.log);
  const slots = new ExportSlots();
  // EXPORT_FILES_MAX_BYTES=0 turns keeping off: every export is streamed from the database.
  const keeping = app.ctx.config.exportFilesMaxBytes > 0;

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
      const chunks = () => albumsCsvChunks(app.ctx, user.id, collection?.id);
      let kept = await files.read(slot, version);
      if (!kept && keeping) {
        try {
          await files.build(slot, version, chunks);
          kept = await files.read(slot, version);
        } catch (error) {
          request.log.warn({ err: error }, 'could not keep a CSV export on disk; streaming it instead');
        }
      }
      if (reply.raw.destroyed) {
        // The client left while the file was being built; it stays kept for their next try.
        if (kept && !Buffer.isBuffer(kept.body)) kept.body.destroy();
        return reply;
      }
      // A stream bypasses the response serializer; the 200 schema documents the body's type.
      if (kept) return reply.header('content-length', kept.size).send(kept.body);
      return reply.send(Readable.from(chunks(), { objectMode: false }));
    },
  );
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALBUM_MESSAGES, exportQuerySchema, todayIsoDate } from '../../../common/albums.schemas.js';
import { notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/guards.js';
import { collectionsRepository } from '../collections/collections.repository.js';
import { AlbumListCache } from '../albums/album-list-cache.js';
import { albumsCsvStream, contentDisposition } from './export.service.js';

const errorSchema = z.object({ message: z.string() }).loose();

/**
 * GET /api/export/albums[?collection=NAME]: a streamed CSV download (spec 1 §7, D16). Only
 * requireUser: D6 keeps a user's own data reachable whatever their subscription.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered files by user and collection, kept until the user's data version moves on (as the album list).
  const files = new AlbumListCache<string>({ maxUsers: 200, maxBytes: 64 * 1024 * 1024 });

  app.get(
    '/api/export/albums',
    {
      preValidation: requireUser,
      schema: {
        querystring: exportQuerySchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const name = request.query.collection;
      const collection = name === undefined ? undefined : await collectionsRepository.findByName(app.ctx.db, user.id, name);
      if (name !== undefined && !collection) throw notFound(ALBUM_MESSAGES.collectionNotFound);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(collection?.name, todayIsoDate()))
        .header('cache-control', 'no-store');
      const key = `${user.id}:${collection?.id ?? 'all'}`;
      const version = user.data_version;
      const cached = files.peek(key, version);
      // A stream (or buffer) bypasses the response serializer; the 200 schema documents the body's type.
      if (cached) return (reply as FastifyReply).send(cached.body);
      return (reply as FastifyReply).send(albumsCsvStream(app.ctx, user.id, collection?.id, (csv) => files.put(key, version, csv)));
    },
  );
};

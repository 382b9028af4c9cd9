import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumListQuerySchema, albumListSchema, albumParamsSchema, albumRequestSchema, albumSchema } from '../../../common/albums.schemas.js';
import { albumBulkRequestSchema, albumBulkResponseSchema } from '../../../common/album-bulk.schemas.js';
import { ALBUM_LIST_TOTAL_HEADER } from '../../../common/constants.js';
import { messageSchema } from '../../../common/auth.schemas.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { acceptsGzip, matchesIfNoneMatch } from '../../http/cache-headers.js';
import { bulkEditAlbums } from './album-bulk.service.js';
import { createAlbum, deleteAlbum, getAlbum, updateAlbum, userAlbumList } from './albums.service.js';
import { errorSchema } from '../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/** GET/POST /api/albums, GET/PUT/DELETE /api/albums/{id} (docs/product/albums.md#api). */
export const albumsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/albums',
    { preValidation: requireAccess, schema: { querystring: albumListQuerySchema, response: { 200: albumListSchema, 304: z.null(), ...errors } } },
    async (request, typedReply) => {
      // The body goes out as the bytes serialised once, bypassing the response serializer; the
      // schema above still documents it (albumListSchema).
      const reply = typedReply as FastifyReply;
      const user = currentUser(request);
      const list = await userAlbumList(app.ctx, user);
      const { offset, limit } = request.query;
      const sliced = offset !== undefined && limit !== undefined;
      // A slice's tag is the list's with the slice appended: a reader of several slices checks by it
      // that they all come from one version of the list.
      const etag = sliced ? list.etag.replace(/"$/, `:${offset}:${limit}"`) : list.etag;
      // Revalidated on every use; the list is private to the signed-in user.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
      void reply.type('application/json; charset=utf-8');
      let answer: { body: Buffer; gzipped(): Promise<Buffer> } = list;
      if (sliced) {
        const slice = await list.slice(offset, limit);
        void reply.header(ALBUM_LIST_TOTAL_HEADER, String(slice.count));
        answer = slice;
      }
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(await answer.gzipped());
      }
      return reply.send(answer.body);
    },
  );

  app.get(
    '/api/albums/:id',
    { preValidation: requireAccess, schema: { params: albumParamsSchema, response: { 200: albumSchema, ...errors } } },
    async (request) => getAlbum(app.ctx, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/albums',
    { preValidation: requireAccess, schema: { body: albumRequestSchema, response: { 201: albumSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createAlbum(app.ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/albums/:id',
    {
      preValidation: requireAccess,
      schema: { params: albumParamsSchema, body: albumRequestSchema, response: { 200: albumSchema, ...errors } },
    },
    async (request) => updateAlbum(app.ctx, currentUser(request), request.params.id, request.body),
  );

  // Bulk edit (docs/product/albums.md): one move, update or delete of many albums, all or nothing.
  app.post(
    '/api/albums/bulk',
    { preValidation: requireAccess, schema: { body: albumBulkRequestSchema, response: { 200: albumBulkResponseSchema, ...errors } } },
    async (request) => ({ count: await bulkEditAlbums(app.ctx, currentUser(request), request.body) }),
  );

  app.delete(
    '/api/albums/:id',
    { preValidation: requireAccess, schema: { params: albumParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await deleteAlbum(app.ctx, currentUser(request).id, request.params.id);
      return { message: 'Album deleted successfully' };
    },
  );
};

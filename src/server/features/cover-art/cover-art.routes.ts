import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COVER_SEARCH_NEEDS_BOTH,
  coverImageQuerySchema,
  coverImportRequestSchema,
  coverProxyQuerySchema,
  coverSearchQuerySchema,
  coverSearchResponseSchema,
  coverUploadFieldsSchema,
  storedCoverResponseSchema,
  type CoverUploadFields,
} from '../../../common/cover-art.schemas.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { currentUser, requireAccess, requireUser } from '../../plugins/guards.js';
import { searchCoverArt } from './cover-art-search.service.js';
import { storeCover } from './cover-storage.service.js';
import { COVER_PATH_PREFIX, storedImageName } from './image-cleanup.js';
import { TOO_LARGE_MESSAGE } from './image-processing.js';
import { sendImage, sendStoredImage } from './image-response.js';
import { imagesRepository } from './images.repository.js';
import { UserQueueFullError } from '../../upstream/fair-queue.js';
import { QueueFullError } from '../../upstream/rate-limiter.js';
import { fetchRemoteImage } from './remote-image.service.js';
import { UpstreamError } from '../../upstream/upstream-http.js';

export const IMAGE_NOT_FOUND = 'Cover image not found';
export const SEARCH_UNAVAILABLE = 'Cover art search is unavailable right now. Please try again later.';
export const SEARCH_BUSY = 'Cover art search is busy right now. Please try again in a few seconds.';
export const SEARCH_TOO_MANY_WAITING = 'You already have several cover searches waiting. Please wait for them to finish, then try again.';
export const NO_FILE_MESSAGE = 'Please choose an image file to upload';

const filenameParams = z.object({ filename: z.string() });

interface UploadParts {
  file: Buffer | undefined;
  fields: Record<string, string>;
}

/** Reads the multipart body: the `file` part into memory (capped by the multipart fileSize limit), the text fields. */
async function readUpload(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart()) throw badRequest(NO_FILE_MESSAGE);
  const upload: UploadParts = { file: undefined, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') upload.file = bytes;
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one image at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    throw error;
  }
  return upload;
}

function parseUploadFields(fields: Record<string, string>): CoverUploadFields {
  const parsed = coverUploadFieldsSchema.safeParse({ title: fields.title, artist: fields.artist, albumId: fields.albumId });
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
  throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', errors);
}

/**
 * Cover art (docs/product/cover-art.md): search through MusicBrainz and the Cover Art
 * Archive, upload, import of a remote cover, serving stored covers to their owner, and the safe
 * image proxy.
 */
export const coverArtRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cover-art',
    { preValidation: requireAccess, schema: { querystring: coverSearchQuerySchema, response: { 200: coverSearchResponseSchema } } },
    async (request) => {
      const { title, artist } = request.query;
      if (!title || !artist) throw badRequest(COVER_SEARCH_NEEDS_BOTH);
      try {
        return await searchCoverArt(app.ctx, currentUser(request).id, title, artist);
      } catch (error) {
        if (error instanceof UserQueueFullError) {
          throw new AppError('RATE_LIMITED', SEARCH_TOO_MANY_WAITING, { headers: { 'retry-after': String(error.retryAfterSeconds) } });
        }
        if (error instanceof QueueFullError) throw new AppError('SERVICE_UNAVAILABLE', SEARCH_BUSY, { headers: { 'retry-after': '5' } });
        if (error instanceof UpstreamError) {
          request.log.warn({ err: error }, 'cover art search failed upstream');
          throw new AppError('BAD_GATEWAY', SEARCH_UNAVAILABLE);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/cover-art/upload',
    { preValidation: requireAccess, config: { acceptsMultipart: true }, schema: { response: { 200: storedCoverResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { file, fields } = await readUpload(request);
      const { albumId } = parseUploadFields(fields);
      // albumId is sent when editing (docs/product/cover-art.md#upload). The cover is linked when the album
      // form is saved, so here it is only checked to be the caller's own album (docs/product/api.md#who-may-call).
      if (albumId !== undefined) {
        const album = await app.ctx.db
          .selectFrom('albums')
          .select('id')
          .where('id', '=', albumId)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!album) throw notFound('Album not found');
      }
      if (!file) throw badRequest(NO_FILE_MESSAGE);
      const url = await storeCover(app.ctx, user.id, file, null);
      return reply.send({ url });
    },
  );

  app.post(
    '/api/cover-art/import',
    { preValidation: requireAccess, schema: { body: coverImportRequestSchema, response: { 200: storedCoverResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { url } = request.body;
      // A cover already stored for this user needs no round trip.
      if (url.startsWith(COVER_PATH_PREFIX)) {
        const name = storedImageName(url);
        if (!name || !(await imagesRepository.findOwned(app.ctx.db, user.id, name))) throw notFound(IMAGE_NOT_FOUND);
        return reply.send({ url });
      }
      const remote = await fetchRemoteImage(app.ctx, url);
      const stored = await storeCover(app.ctx, user.id, remote.body, url);
      return reply.send({ url: stored });
    },
  );

  app.get(
    '/api/cover-art/:filename',
    { preValidation: requireUser, schema: { params: filenameParams, querystring: coverImageQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      // Only names the server makes are looked up at all: traversal and odd bytes stop here.
      const name = storedImageName(`${COVER_PATH_PREFIX}${request.params.filename}`);
      if (!name) throw notFound(IMAGE_NOT_FOUND);
      const image = await imagesRepository.findOwned(app.ctx.db, user.id, name);
      if (!image) throw notFound(IMAGE_NOT_FOUND);
      return sendStoredImage(request, reply, image, request.query.size === 'thumb' ? 'thumb' : 'full');
    },
  );

  app.get(
    '/api/cover-art-image',
    { preValidation: requireAccess, schema: { querystring: coverProxyQuerySchema } },
    async (request, reply) => {
      const image = await fetchRemoteImage(app.ctx, request.query.url);
      return sendImage(request, reply, {
        body: image.body,
        contentType: image.contentType,
        etag: `"${createHash('sha256').update(image.body).digest('hex').slice(0, 32)}"`,
        cacheControl: 'private, max-age=86400',
      });
    },
  );
};

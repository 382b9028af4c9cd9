import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_PATHS,
  IMPORT_PROGRESS_TYPE,
  importReportSchema,
  importResultSchema,
  type ImportProgressLine,
} from '../../../common/import.schemas.js';
import { FIND_DETAILS_PARAM } from '../../../common/enrichment.schemas.js';
import { AppError, badRequest } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { ImportFileReader, type ParsedImport } from './import-file.js';
import { checkImport, dryRunImport, runImport } from './import.service.js';
import { errorSchema } from '../../http/error-schema.js';

/** `?findDetails=false` imports without the lookups afterwards (docs/product/import.md#api); on by default. */
const runQuerySchema = z.object({ [FIND_DETAILS_PARAM]: z.enum(['true', 'false']).optional() });

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema };

/**
 * The `file` part of a multipart body, read as it arrives (import-file.ts checks every limit while
 * reading). A refused file stops the reading at once: the rest of the upload is drained unparsed,
 * so the connection stays usable and the refusal costs no more than the bytes already read.
 */
async function readCsvUpload(request: FastifyRequest, publicUrl: string): Promise<ParsedImport> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);
  let parsed: ParsedImport | undefined;
  try {
    // One byte over the limit reaches the reader, which answers 413 with the import's own message.
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes + 1, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      const reader = new ImportFileReader(publicUrl);
      try {
        for await (const chunk of part.file) await reader.push(chunk as Buffer);
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
        parsed = await reader.finish();
      } catch (error) {
        // Unpiped first: the multipart parser's own unpipe would pause the request again.
        request.raw.unpipe();
        request.raw.resume();
        part.file.destroy();
        throw error;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please import one file at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    throw error;
  }
  if (!parsed) throw badRequest(IMPORT_MESSAGES.noFile);
  return parsed;
}

/**
 * Import of a Discogs collection or wantlist export or of our own CSV export (docs/product/import.md#api): POST the file as
 * multipart `file` to the dry run (a report, nothing written) and then to the import (all or
 * nothing). Same guards as creating albums one by one (requireAccess: 402 when gated; the free tier's
 * limits in the service); the request-origin plugin keeps other sites out.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const running = new Set<Promise<unknown>>();
  // An import whose client went away still commits or rolls back before the database closes.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    IMPORT_PATHS.dryRun,
    { preValidation: requireAccess, config: { acceptsMultipart: true }, schema: { response: { 200: importReportSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      const parsed = await readCsvUpload(request, app.ctx.config.publicUrl);
      return dryRunImport(app.ctx, user, parsed);
    },
  );

  app.post(
    IMPORT_PATHS.run,
    {
      preValidation: requireAccess,
      config: { acceptsMultipart: true },
      schema: {
        querystring: runQuerySchema,
        response: {
          200: z.union([importResultSchema, z.string().describe(`${IMPORT_PROGRESS_TYPE}: one progress line per chunk, then done or error`)]),
          ...errors,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const user = currentUser(request);
      const findDetails = request.query[FIND_DETAILS_PARAM] !== 'false';
      const parsed = await readCsvUpload(request, app.ctx.config.publicUrl);
      if (!(request.headers.accept ?? '').includes(IMPORT_PROGRESS_TYPE)) return runImport(app.ctx, user, parsed, undefined, findDetails);

      // Progress mode: the checks that answer with a status (402 of the free tier) are made before
      // the stream starts; the import re-plans inside its transaction, and a failure there ends the
      // stream with an error line (nothing written).
      await checkImport(app.ctx, user, parsed);
      const stream = new PassThrough();
      stream.on('error', (error) => request.log.debug({ err: error }, 'import progress closed early'));
      const send = (line: ImportProgressLine) => {
        if (!stream.destroyed) stream.write(`${JSON.stringify(line)}\n`);
      };
      const work = runImport(app.ctx, user, parsed, (done, total) => send({ type: 'progress', done, total }), findDetails)
        .then((result) => send({ type: 'done', result }))
        .catch((error: unknown) => {
          const status = error instanceof AppError ? error.status : 500;
          if (status >= 500) request.log.error({ err: error }, 'import failed');
          const message = error instanceof AppError ? error.message : 'The import failed; nothing was imported. Please try again.';
          send({ type: 'error', message, status });
        })
        .finally(() => {
          if (!stream.destroyed) stream.end();
        });
      running.add(work);
      void work.finally(() => running.delete(work));
      return reply.type(`${IMPORT_PROGRESS_TYPE}; charset=utf-8`).header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(stream);
    },
  );
};

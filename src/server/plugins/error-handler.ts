import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/errors.js';
import { infrastructureFailure } from '../db/infrastructure-errors.js';
import { AppError } from '../errors.js';

function fieldErrors(issues: { instancePath: string; message?: string | undefined }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/**
 * Every /api error is JSON `{message, code?, errors?}`; 5xx internals are logged, never sent
 * (docs/product/api.md#errors).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details.headers) void reply.headers(error.details.headers);
      const body: ApiErrorBody & Record<string, unknown> = { message: error.message, code: error.code, ...error.details.body };
      if (error.details.errors) body.errors = error.details.errors;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation.map((v) => ({ instancePath: v.instancePath, message: v.message })));
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ message, code: 'BAD_REQUEST', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    const failure = infrastructureFailure(error);
    if (failure) {
      app.ctx.signals.recordDatabaseError();
      // Logged at error level once per request: the operator's signal that the database or disk is the cause.
      request.log.error({ err: error }, failure.status === 507 ? 'request failed: out of storage space' : 'request failed: database unavailable');
      return reply.status(failure.status).header('retry-after', String(failure.retryAfterSeconds)).send({ message: failure.message, code: failure.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    const known: Record<number, { code: string; message: string }> = {
      400: { code: 'BAD_REQUEST', message: error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Malformed JSON in request body' : error.message },
      413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
      415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type: send application/json or multipart/form-data' },
    };
    const mapped = known[status] ?? { code: 'BAD_REQUEST', message: error.message };
    return reply.status(status).send({ message: mapped.message, code: mapped.code });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `No such API route: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

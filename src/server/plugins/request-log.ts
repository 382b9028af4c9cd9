import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request log (issue 14, per-request cost): one line per request, written when the answer has
 * gone out — `request completed` with the request (method, url, host, remote address and port), the
 * status and `responseTime`, under the request's `reqId` — instead of Fastify's two (`incoming request`
 * then `request completed`). The arrival line is kept at `debug` (LOG_LEVEL=debug), for tracing a
 * request that never finishes. Failed requests keep Fastify's own `request errored` line.
 */
export class RequestLogController extends LogController {
  // pino's method for a disabled level is a no-op, so below debug this costs one call.
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './log-redaction.js';

const { chindingsSym, endSym, lsCacheSym, streamSym, timeSym } = pino.symbols;
const INFO = 30;

/** The parts of a pino logger the request line is assembled from. */
interface PinoParts {
  levelPrefix: string;
  time: () => string;
  bindings: string;
  end: string;
  stream: { write(line: string): unknown };
}

/** The logger's pino internals (public through `pino.symbols`), or undefined for another logger. */
function pinoParts(log: FastifyBaseLogger): PinoParts | undefined {
  const parts = log as unknown as Record<symbol, unknown>;
  const stream = parts[streamSym] as PinoParts['stream'] | undefined;
  const time = parts[timeSym];
  const levelPrefix = (parts[lsCacheSym] as Record<number, string> | undefined)?.[INFO];
  const bindings = parts[chindingsSym];
  const end = parts[endSym];
  if (typeof stream?.write !== 'function' || typeof time !== 'function' || typeof levelPrefix !== 'string') return undefined;
  if (typeof bindings !== 'string' || typeof end !== 'string') return undefined;
  return { levelPrefix, time: () => (time as () => string).call(log), bindings, end, stream };
}

const json = (value: string | undefined) => (value === undefined ? undefined : JSON.stringify(value));

/**
 * The `request completed` line, assembled directly: the same bytes pino writes for
 * `log.info({ req, res, responseTime }, 'request completed')` with Fastify's serializers (level, time,
 * the logger's bindings with pid, hostname and reqId, then req, res, responseTime, msg), without
 * pino's generic pass over the object (serializer objects, a stringify per key), which cost about
 * 8 µs of CPU per request: a quarter of a signed-in GET /api/user (measured by bench/user.bench.mjs).
 * Every value from the request goes through JSON.stringify, so a URL or Host header cannot break the line;
 * the URL is redacted as the logger's `req` serializer redacts it (log-redaction.ts).
 */
function completedLine(log: PinoParts, request: FastifyRequest, reply: FastifyReply): string {
  const version = json(request.headers['accept-version'] as string | undefined);
  const port = request.socket?.remotePort;
  const responseTime = reply.elapsedTime;
  return (
    `${log.levelPrefix}${log.time()}${log.bindings}` +
    `,"req":{"method":${json(request.method)},"url":${json(redactUrl(request.url))}${version === undefined ? '' : `,"version":${version}`}` +
    `,"host":${json(request.host)},"remoteAddress":${json(request.ip)}${port === undefined ? '' : `,"remotePort":${port}`}}` +
    `,"res":{"statusCode":${reply.statusCode}},"responseTime":${Number.isFinite(responseTime) ? responseTime : null}` +
    `,"msg":"request completed"${log.end}`
  );
}

/**
 * The request log (docs/product/operations-api.md#request-log): one line per request, written when the answer has
 * gone out — `request completed` with the request (method, url, host, remote address and port), the
 * status and `responseTime`, under the request's `reqId` — instead of Fastify's two (`incoming request`
 * then `request completed`). The arrival line is kept at `debug` (LOG_LEVEL=debug), for tracing a
 * request that never finishes. Failed requests keep Fastify's own `request errored` line.
 */
export class RequestLogController extends LogController {
  /** With metrics on, every answered request is also counted here (the one per-request hook it needs). */
  constructor(private readonly onCompleted?: (request: FastifyRequest, reply: FastifyReply) => void) {
    super();
  }

  // pino's method for a disabled level is a no-op, so below debug this costs one call.
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  // Fastify's default 404 handler names the URL in its message: redacted like every logged URL.
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.onCompleted?.(request, reply);
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    const log = reply.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    if (log.isLevelEnabled?.('info') === false) return;
    const pinoLog = pinoParts(log);
    if (pinoLog) pinoLog.stream.write(completedLine(pinoLog, request, reply));
    else log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

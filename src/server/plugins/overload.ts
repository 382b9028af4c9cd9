import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const OVERLOAD_MESSAGE = 'Spindle is busy right now: please try again in a moment';
/** Seconds a shed client is asked to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** Liveness and readiness probes are answered however busy the instance is. */
const EXEMPT = new Set(['/api/health', '/api/ping', '/metrics']);

export interface OverloadLimits {
  /** Requests handled at once; 0 turns the bound off. */
  maxInFlight: number;
  /** Requests waiting for a slot beyond them; one more is shed at once. */
  maxQueued: number;
  /** How long a request may wait for a slot before it is shed. */
  maxQueueWaitMs: number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request holds one of the instance's in-flight slots (released once, when it ends). */
    overloadSlot: boolean;
  }
}

/**
 * Overload (docs/product/api.md#overload): at most `maxInFlight` requests are handled at once; the next ones wait in a
 * first-come queue of at most `maxQueued`, each for at most `maxQueueWaitMs`. A request beyond the
 * queue, or one that waited too long, is answered at once with 503 and Retry-After, before any other
 * work (no session lookup, no body read), so the requests that are accepted stay fast and clients are
 * told when to come back instead of hanging. A slot is released when the answer is sent or the client
 * goes away. /api/health and /api/ping are exempt.
 */
export function registerOverloadGuard(app: FastifyInstance, limits: OverloadLimits, onShed: () => void = () => {}): void {
  if (limits.maxInFlight <= 0) return;
  let inFlight = 0;
  const queue: Waiter[] = [];

  const release = (request: FastifyRequest) => {
    if (!request.overloadSlot) return;
    request.overloadSlot = false;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit(); // the slot passes straight to the oldest waiter
    } else {
      inFlight--;
    }
  };
  const shed = (reply: FastifyReply) => {
    onShed();
    return reply
      .status(503)
      .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ message: OVERLOAD_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  };

  app.decorateRequest('overloadSlot', false);
  app.addHook('onRequest', (request, reply, done) => {
    const query = request.url.indexOf('?');
    if (EXEMPT.has(query < 0 ? request.url : request.url.slice(0, query))) return done();
    if (inFlight < limits.maxInFlight) {
      inFlight++;
      request.overloadSlot = true;
      return done();
    }
    if (queue.length >= limits.maxQueued) return void shed(reply);
    const waiter: Waiter = {
      admit: () => {
        request.overloadSlot = true;
        done();
      },
      timer: setTimeout(() => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        void shed(reply);
      }, limits.maxQueueWaitMs),
    };
    // A client that gives up while waiting leaves the queue.
    reply.raw.once('close', () => {
      const at = queue.indexOf(waiter);
      if (at < 0) return;
      queue.splice(at, 1);
      clearTimeout(waiter.timer);
    });
    queue.push(waiter);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    release(request);
    done();
  });
}

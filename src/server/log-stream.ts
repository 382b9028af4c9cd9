import pino from 'pino';

/** A pino destination: anything with `write(line)`. */
export interface LogStream {
  write(line: string): boolean;
}

/** How long a logged line may wait before it is written, and how much may gather before it is. */
export const LOG_FLUSH_DELAY_MS = 10;
export const LOG_FLUSH_BYTES = 64 * 1024;

interface Destination {
  write(chunk: string): unknown;
  flushSync(): void;
}

/**
 * Standard output for the log, written in batches (a write per line was a measurable part of each
 * request's CPU, docs/operations.md#per-request-cost-benchuserbenchmjs). Lines are joined and
 * handed to pino's asynchronous destination (sonic-boom) at most `delayMs` after the first of them,
 * or as soon as `maxBytes` have gathered. Each hand-over is a write on libuv's thread pool, whose
 * round trip (a wake-up of a pool thread, then of the event loop) cost 3–4 µs of CPU per request when
 * it happened every turn of the loop and set the server swinging between two rates; batched, a busy
 * server makes a few hundred writes a second and a quiet one still shows each line within
 * milliseconds. sonic-boom writes without blocking the event loop and retries a full pipe; on exit
 * whatever is pending is written synchronously, so no line is lost short of `kill -9`.
 */
export function stdoutBatched(
  options: { delayMs?: number; maxBytes?: number; destination?: Destination } = {},
): LogStream & { flush(): void } {
  const { delayMs = LOG_FLUSH_DELAY_MS, maxBytes = LOG_FLUSH_BYTES } = options;
  const destination = options.destination ?? pino.destination({ dest: 1, sync: false });
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    destination.write(chunk);
  };
  process.once('exit', () => {
    flush();
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  return {
    write(line) {
      pending += line;
      if (pending.length >= maxBytes) flush();
      else if (!timer) timer = setTimeout(flush, delayMs).unref();
      return true;
    },
    flush,
  };
}

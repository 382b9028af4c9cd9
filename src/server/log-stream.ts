import pino from 'pino';

/** A pino destination: anything with `write(line)`. */
export interface LogStream {
  write(line: string): boolean;
}

/**
 * Standard output for the log, written once per turn of the event loop (issue 14, per-request cost).
 * Lines logged during a turn are joined and handed to pino's asynchronous destination (sonic-boom) in
 * `setImmediate`, so a busy server makes one `write(2)` per turn, not one per line, and a quiet
 * server's line still appears as soon as the turn that logged it ends. sonic-boom writes without
 * blocking the event loop and retries a full pipe; on exit whatever is pending is written
 * synchronously, so no line is lost short of `kill -9`.
 */
export function stdoutPerTurn(): LogStream {
  const destination = pino.destination({ dest: 1, sync: false });
  let pending = '';
  const flush = () => {
    const chunk = pending;
    pending = '';
    destination.write(chunk);
  };
  process.once('exit', () => {
    if (pending) flush();
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  return {
    write(line) {
      if (pending === '') setImmediate(flush);
      pending += line;
      return true;
    },
  };
}

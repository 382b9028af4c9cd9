/**
 * Failures of what the app stands on rather than of the request: the database unreachable or the disk
 * full. The error handler answers them with a clear 503 (with Retry-After) or 507 instead of a bare
 * 500, so a client knows to try again and an operator reading the log knows where to look.
 */
export interface InfrastructureFailure {
  status: 503 | 507;
  code: 'SERVICE_UNAVAILABLE' | 'INSUFFICIENT_STORAGE';
  message: string;
  retryAfterSeconds: number;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable at the moment. Please try again shortly.';
export const STORAGE_FULL_MESSAGE = 'The server has run out of storage space, so nothing was saved. Please try again later.';
/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

// Node's socket errors seen when PostgreSQL is stopped, restarting or cut off.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg's own messages for a connection that could not be had or was lost.
const PG_CONNECTION_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Connection ended unexpectedly/i;

const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Classifies an error (or its cause) as an infrastructure failure, or undefined for anything else. */
export function infrastructureFailure(error: unknown): InfrastructureFailure | undefined {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = errorCode(current);
    const message = current instanceof Error ? current.message : '';
    // SQLite's "database or disk is full"; the file system's ENOSPC/EDQUOT (exports, .eml files);
    // PostgreSQL's disk_full (53100).
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') {
      return { status: 507, code: 'INSUFFICIENT_STORAGE', message: STORAGE_FULL_MESSAGE, retryAfterSeconds: 60 };
    }
    if (
      // Any failure to obtain a connection (db/database.ts marks them), whatever the server's reason.
      (current as { databaseConnect?: unknown }).databaseConnect === true ||
      (code && NETWORK_CODES.has(code)) ||
      // PostgreSQL: connection exceptions (08xxx), shutting down or starting (57P01–57P03), too many connections (53300).
      (code && /^(08...|57P0[123]|53300)$/.test(code)) ||
      // SQLite: another process (a restore, a long backup step) holds the database longer than busy_timeout.
      code === 'SQLITE_BUSY' ||
      PG_CONNECTION_MESSAGES.test(message)
    ) {
      return {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: DATABASE_UNAVAILABLE_MESSAGE,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      };
    }
  }
  return undefined;
}

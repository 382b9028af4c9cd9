import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import type { Config } from './config.js';

/**
 * Problems an operator causes by configuration, each told as one line naming the setting and what to
 * do, instead of a stack trace from deep inside the app (or a hang) at start-up.
 */
export class StartupError extends Error {}

/** DATA_DIR must be (or become) a directory this process may write: the SQLite file, exports and mail live there. */
export function checkDataDir(dataDir: string): void {
  const problem = (reason: string) => new StartupError(`Cannot start: DATA_DIR ${dataDir} ${reason}`);
  // Checked before anything is created in it: a path under a pseudo file system such as /proc answered
  // mkdir in ways SQLite then waited on.
  if (/^\/(proc|sys|dev)(\/|$)/.test(dataDir)) throw problem('is inside a system directory; choose a directory on disk');
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw problem('is a file, not a directory');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw problem(`cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    accessSync(dataDir, constants.W_OK | constants.R_OK | constants.X_OK);
  } catch {
    throw problem(`is not writable by this user (uid ${process.getuid?.() ?? '?'})`);
  }
}

/** PostgreSQL's "database does not exist" (SQLSTATE 3D000) as a line that says how to create it. */
export function missingDatabaseMessage(error: unknown, config: Pick<Config, 'databaseUrl'>): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 4 && (current as { code?: unknown }).code !== '3D000'; depth++) {
    current = (current as { cause?: unknown }).cause;
  }
  if (!current || !config.databaseUrl) return undefined;
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const user = decodeURIComponent(url.username) || 'postgres';
  return `Cannot start: the PostgreSQL database "${name}" named by DATABASE_URL does not exist on ${url.hostname}; create it first, e.g. createdb -h ${url.hostname} -p ${url.port || '5432'} -U ${user} ${name}`;
}

/** Warnings that do not stop the start: settings a production instance almost always needs. */
export function configurationWarnings(config: Pick<Config, 'env' | 'publicUrlIsDefault' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.publicUrlIsDefault) {
    warnings.push(
      `PUBLIC_URL is not set: e-mailed and shared links will point at ${config.publicUrl}; set it to the address browsers use (https://…)`,
    );
  }
  return warnings;
}

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import { DataDirLockedError, takeExclusiveLock, type DataDirLock } from '../db/data-dir-lock.js';
import { APP_CONNECTION_NAME, SQLITE_FILE_NAME } from '../db/database.js';

/**
 * Backups (docs/operations.md#backups-and-restore). Everything a user owns lives in the database — accounts,
 * sessions, albums, covers (BLOBs in `images`), stores, the mail outbox — so a backup is the database alone.
 * DATA_DIR otherwise holds only what is rebuilt on demand: kept CSV exports (`exports/`) and, without SMTP,
 * copies of sent mail (`outbox/`).
 *  - SQLite: SQLite's online backup API (better-sqlite3's `backup()`), safe while the app runs and
 *    writes; the copy is checked with `PRAGMA integrity_check` before it is kept.
 *  - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, also while the app runs).
 * A restore goes into an empty target (a fresh DATA_DIR, an empty database) and refuses a non-empty
 * one unless forced. It refuses to run while an app uses the target (SQLite: the DATA_DIR lock every
 * app holds; PostgreSQL: the app's connections, by their application_name), and creates a missing
 * PostgreSQL database.
 */

/** The database file in DATA_DIR (the app's own name for it). */
export const SQLITE_FILE = SQLITE_FILE_NAME;
const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_CUSTOM_MAGIC = 'PGDMP';

export class BackupError extends Error {}

const timestamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** Backs up the configured database into `dir`; answers the new file's path. */
export async function backup(config: Config, dir: string, now = new Date()): Promise<string> {
  mkdirSync(dir, { recursive: true });
  if (config.databaseUrl) {
    const file = path.join(dir, `spindle-postgres-${timestamp(now)}.dump`);
    await backupPostgres(config.databaseUrl, file);
    return file;
  }
  const file = path.join(dir, `spindle-sqlite-${timestamp(now)}.sqlite`);
  await backupSqlite(config.dataDir, file);
  return file;
}

/** Restores `file` into the configured database; refuses a non-empty target unless `force`. */
export async function restore(config: Config, file: string, options: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const kind = fileKind(file);
  if (config.databaseUrl) {
    if (kind !== 'postgres')
      throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump custom format), but DATABASE_URL names PostgreSQL`);
    await restorePostgres(file, config.databaseUrl, options.force ?? false);
  } else {
    if (kind !== 'sqlite')
      throw new BackupError(`${file} is not a SQLite backup, but DATABASE_URL is unset (SQLite in ${config.dataDir})`);
    restoreSqlite(file, config.dataDir, options.force ?? false);
  }
}

function fileKind(file: string): 'sqlite' | 'postgres' | 'unknown' {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === SQLITE_MAGIC) return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === PG_CUSTOM_MAGIC) return 'postgres';
  return 'unknown';
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

async function backupSqlite(dataDir: string, file: string): Promise<void> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new BackupError(`No database to back up: ${source} does not exist`);
  const db = new SQLite(source, { fileMustExist: true });
  const partial = `${file}.partial`;
  try {
    // The backup API copies pages in steps and restarts a step that a concurrent write touched.
    await db.backup(partial);
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode; a backup is one self-contained file (no -wal/-shm beside it).
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkIntegrity(partial);
  renameSync(partial, file);
}

/** Whether the SQLite file holds any user or any table beyond the migrations' own. */
function sqliteHasData(file: string): boolean {
  if (!existsSync(file) || statSync(file).size === 0) return false;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name = 'users'").all();
    if (tables.length === 0) return false;
    return db.prepare('select 1 from users limit 1').get() !== undefined;
  } finally {
    db.close();
  }
}

function restoreSqlite(file: string, dataDir: string, force: boolean): void {
  checkIntegrity(file);
  // A target that holds data is the first thing to report, whether or not an app is running on it.
  refuseNonEmptySqlite(dataDir, force);
  mkdirSync(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = takeExclusiveLock(dataDir);
  } catch (error) {
    throw error instanceof DataDirLockedError ? new BackupError(error.message) : error;
  }
  try {
    replaceSqlite(file, dataDir, force);
  } finally {
    lock.release();
  }
}

function refuseNonEmptySqlite(dataDir: string, force: boolean): void {
  const target = path.join(dataDir, SQLITE_FILE);
  if (sqliteHasData(target) && !force) {
    throw new BackupError(`${target} already holds data; restore into a fresh DATA_DIR, or pass --force to replace it`);
  }
}

function replaceSqlite(file: string, dataDir: string, force: boolean): void {
  // Again under the lock: an app may have written and stopped since the first look.
  refuseNonEmptySqlite(dataDir, force);
  const target = path.join(dataDir, SQLITE_FILE);
  // Copy beside the target through SQLite itself, then swap it in: a crash midway leaves the old file.
  const incoming = `${target}.restoring`;
  rmSync(incoming, { force: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    source.exec(`VACUUM INTO '${incoming.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(incoming, target);
  // Kept exports were built from the replaced data: they go too.
  rmSync(path.join(dataDir, 'exports'), { recursive: true, force: true });
}

/** pg_dump/pg_restore take the password from the environment, never from the command line (ps). */
function pgConnection(url: string): { dbUrl: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbUrl: parsed.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client)` : error.message,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${String(code)}): ${stderr.trim()}`)),
    );
  });
}

async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbUrl, env } = pgConnection(url);
  const partial = `${file}.partial`;
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbUrl}`], env);
  renameSync(partial, file);
}

async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    return (tables.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database DATABASE_URL names when it does not exist yet (SQLSTATE 3D000 on connect). */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => {});
    if (errorCode(error) !== '3D000') throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  // The server's maintenance database, reached with the same user and password.
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (error) {
    throw new BackupError(
      `The database "${name}" does not exist and could not be created (${(error as Error).message}); create it first, e.g. createdb -h ${target.hostname} -p ${target.port || '5432'} -U ${decodeURIComponent(target.username) || 'postgres'} ${name}`,
    );
  } finally {
    await admin.end().catch(() => {});
  }
}

/** How many connections a running app (any instance) holds on the database. */
async function appConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [APP_CONNECTION_NAME],
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * The app's connections once those of an instance that has just stopped are gone: PostgreSQL ends a
 * closed client's backend a moment after the client left, so a restore run right after the stop
 * looks again for up to SETTLE_MS before it refuses.
 */
const SETTLE_MS = 3000;
async function appConnectionsAfterSettling(url: string): Promise<number> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const connections = await appConnections(url);
    if (connections === 0 || Date.now() >= deadline) return connections;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<void> {
  await ensurePostgresDatabase(url);
  const hasData = await postgresHasData(url);
  if (hasData && !force) {
    throw new BackupError(
      'The database named by DATABASE_URL already has tables; restore into an empty database, or pass --force to replace them',
    );
  }
  const connections = await appConnectionsAfterSettling(url);
  if (connections > 0) {
    throw new BackupError(
      `A running Spindle is using the database named by DATABASE_URL (${connections} connection${connections === 1 ? '' : 's'} with application_name ${APP_CONNECTION_NAME}): stop every app instance first, then restore`,
    );
  }
  const { dbUrl, env } = pgConnection(url);
  // One transaction: a restore that fails leaves the database as it was.
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbUrl}`];
  if (hasData) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, file], env);
}

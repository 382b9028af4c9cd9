import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type MigrationResultSet, type Transaction } from 'kysely';
import pg from 'pg';
import { DEFAULT_DB_POOL_MAX } from '../config.js';
import { holdMigrationLock, holdSharedLock, type DataDirLock } from './data-dir-lock.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** What a query runs on: the database, or a transaction the caller opened (repositories take either). */
export type Executor = Db | Transaction<Database>;
/** The SQLite database's file name in DATA_DIR. */
export const SQLITE_FILE_NAME = 'spindle.sqlite';
export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * A token that changes whenever any committed data may have changed: for SQLite, SQLite's own
   * `data_version` (commits by other connections and processes) plus every write statement this
   * process runs. Null for PostgreSQL, where no such cheap signal covers other instances.
   */
  changeToken: () => string | null;
  /** PostgreSQL's connection pool, for monitoring (undefined for SQLite). */
  pool?: PoolView;
  close(): Promise<void>;
}

/** What monitoring reads of the PostgreSQL pool: its counts now, and its waits so far. */
export interface PoolView {
  max: number;
  total(): number;
  idle(): number;
  waiting(): number;
  /** Connections handed out, how many of them had to wait for one, and the seconds spent waiting. */
  stats: { acquired: number; waited: number; waitSeconds: number };
}

// PostgreSQL returns int8 (count(*), sum of integers) as strings; these stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

/**
 * The application_name of the app's PostgreSQL connections, so a restore can tell from
 * pg_stat_activity that an app still uses the database (and operators can in their own tools).
 */
export const APP_CONNECTION_NAME = 'spindle';

/** How long a request waits for a PostgreSQL connection (a new one, or a free one from the pool). */
export const DB_CONNECT_TIMEOUT_MS = 3000;

/** Opens the database: PostgreSQL when `databaseUrl` is given, else SQLite in `dataDir`. */
export function openDatabase(
  options: { databaseUrl?: string | undefined; dataDir: string; dbPoolMax?: number },
  onIdleConnectionError: (error: Error) => void = () => {},
): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Connections held per instance (DB_POOL_MAX, config.ts explains the default).
      max: options.dbPoolMax ?? DEFAULT_DB_POOL_MAX,
      // With the database unreachable (stopped, cut off), a request waits at most this long for a
      // connection and then answers 503 with Retry-After, rather than hanging (docs/product/api.md#database).
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      // A server that vanished without closing its sockets is noticed by TCP keepalive.
      keepAlive: true,
      application_name: APP_CONNECTION_NAME,
      // One connection stays open while the app runs (the others close when idle), so a restore can
      // always see from pg_stat_activity that the app is there.
      min: 1,
    });
    // An idle pooled connection can be closed by the server (a restart, a failover, an administrator's
    // terminate): the pool drops it and the next query opens another. Unlistened, the pool's 'error'
    // event would crash the process.
    pool.on('error', onIdleConnectionError);
    // A connection that dies while checked out (mid-query) also emits 'error' on its client, which the
    // pool does not listen to then: unlistened, it crashed the process (the database stopped under
    // load). The query itself already fails with the same error and answers 503.
    pool.on('connect', (client) => client.on('error', onIdleConnectionError));
    const stats = instrumentConnect(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const view: PoolView = {
      max: options.dbPoolMax ?? DEFAULT_DB_POOL_MAX,
      total: () => pool.totalCount,
      idle: () => pool.idleCount,
      waiting: () => pool.waitingCount,
      stats,
    };
    return { db, kind: 'postgres', changeToken: () => null, pool: view, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  // Held for as long as the database is open: a restore refuses to run under it.
  const dataDirLock = holdSharedLock(options.dataDir);
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(path.join(options.dataDir, SQLITE_FILE_NAME));
  } catch (error) {
    dataDirLock.release();
    throw error;
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with synchronous=NORMAL keeps every committed transaction across a process crash.
  sqlite.pragma('synchronous = NORMAL');
  const writes = { count: 0 };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes) }) });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  // A first read opens (and if need be builds) the WAL index, so its file exists below.
  sqlite.prepare('select count(*) from sqlite_master').get();
  const commits = walIndexCommits(file) ?? pragmaDataVersion(sqlite);
  return {
    db,
    kind: 'sqlite',
    changeToken: () => `${commits.read()}:${writes.count}`,
    close: async () => {
      await db.destroy();
      // Only after SQLite has closed the file: closing any descriptor of a file drops every POSIX lock
      // this process holds on it, SQLite's included.
      commits.close();
      dataDirLock.release();
    },
  };
}

/**
 * Any failure to obtain a connection means the database cannot serve right now, whatever PostgreSQL's
 * reason: a database closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false answers 55000,
 * a code queries also use for unrelated errors), a server starting up, no connection slot left. Errors
 * thrown by the pool's connect are wrapped so the error handler answers them 503 with Retry-After
 * instead of 500; the server's own error stays as the cause, for the log.
 */
function instrumentConnect(pool: pg.Pool): PoolView['stats'] {
  const stats = { acquired: 0, waited: 0, waitSeconds: 0 };
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // Kysely only ever calls the promise form; a callback caller keeps the pool's own behaviour.
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown)(...args);
    // A wait for the pool (all connections busy) is what DB_POOL_MAX tuning needs to see.
    const mustWait = pool.idleCount === 0 && pool.totalCount >= pool.options.max;
    const started = mustWait ? performance.now() : 0;
    return connect().then(
      (client) => {
        stats.acquired++;
        if (mustWait) {
          stats.waited++;
          stats.waitSeconds += (performance.now() - started) / 1000;
        }
        return client;
      },
      (error: unknown) => {
        throw new DatabaseConnectError(error);
      },
    );
  }) as typeof pool.connect;
  return stats;
}

/** A connection to the database could not be had (see instrumentConnect). */
export class DatabaseConnectError extends Error {
  readonly databaseConnect = true;
  /** The server's SQLSTATE (or Node's socket code), kept so callers that branch on it still can. */
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(`could not connect to the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseConnectError';
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** A number that changes whenever another connection or process commits to the SQLite database. */
interface CommitCounter {
  read(): number;
  close(): void;
}

/** SQLite's own signal: `PRAGMA data_version` (a read transaction: two fcntl locks and the VM per call). */
function pragmaDataVersion(sqlite: SQLite.Database): CommitCounter {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return { read: () => dataVersion.get() as number, close: () => {} };
}

const WAL_INDEX_HEADER_BYTES = 48;
const WAL_INDEX_VERSION = 3007000;

/**
 * The same signal `PRAGMA data_version` reads, taken cheaply (it runs on every request) straight from where
 * SQLite keeps it, in one `pread` and no lock. In WAL mode every commit, by any connection of any
 * process, rewrites the WAL-index header (the first 48 bytes of the `-shm` file, shared by all of them
 * through the page cache: https://sqlite.org/walformat.html#the_wal_index_file_format) before its
 * COMMIT returns: the change counter, the last frame, the checksums, and after a WAL reset the salts.
 * Any difference from the last read counts as a change (a torn read during a commit only causes a
 * spurious one). Undefined when the file is not a WAL index this code understands (then the pragma).
 */
function walIndexCommits(databaseFile: string): CommitCounter | undefined {
  let fd: number;
  try {
    fd = openSync(`${databaseFile}-shm`, 'r');
  } catch {
    return undefined;
  }
  const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const last = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const readHeader = () => readSync(fd, header, 0, WAL_INDEX_HEADER_BYTES, 0) === WAL_INDEX_HEADER_BYTES;
  // iVersion (native byte order) and isInit: an initialised index of the format described above.
  if (!readHeader() || header.readUInt32LE(0) !== WAL_INDEX_VERSION || header[12] !== 1) {
    closeSync(fd);
    return undefined;
  }
  header.copy(last);
  let changes = 0;
  return {
    read: () => {
      readHeader();
      if (!header.equals(last)) {
        header.copy(last);
        changes++;
      }
      return changes;
    },
    close: () => closeSync(fd),
  };
}

/**
 * Kysely's SQLite driver prepares every statement anew, which costs more than running it; the app's
 * queries are a small fixed set, so prepared statements are kept by SQL text (bounded). Kysely holds
 * its single connection for the whole of a query or stream, so a cached statement is never in use twice.
 * Every statement that is not a plain read counts in `writes` once it has run (see changeToken).
 */
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  const counted =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } finally {
        writes.count++;
      }
    };
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(isDeferredBegin(sql) ? 'begin immediate' : sql);
        if (!/^\s*select\b/i.test(sql)) {
          // Writes may also return rows (RETURNING), so every way of running them is counted.
          const original = statement;
          statement = Object.assign(Object.create(original) as SQLite.Statement, {
            run: counted(original.run.bind(original)),
            all: counted(original.all.bind(original)),
            get: counted(original.get.bind(original)),
            iterate: counted(original.iterate.bind(original)),
          });
        }
        if (/^\s*rollback\s*$/i.test(sql)) statement = tolerantRollback(statement);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely opens a transaction with a plain (deferred) BEGIN, which takes its snapshot at the first read;
 * if another process commits before the first write, that write fails at once with
 * SQLITE_BUSY_SNAPSHOT, which busy_timeout does not retry. This process's transactions already run
 * one at a time on Kysely's single connection, so taking the write lock at BEGIN costs nothing here and
 * makes another process wait (busy_timeout) instead of undoing a request.
 */
const isDeferredBegin = (sql: string) => /^\s*begin\s*$/i.test(sql);

/**
 * SQLite rolls a transaction back by itself when a statement in it fails with SQLITE_FULL, SQLITE_IOERR,
 * SQLITE_BUSY or SQLITE_NOMEM; Kysely's ROLLBACK after that failed with "no transaction is active" and
 * its error replaced the real one (a full disk answered a bare 500 instead of 507, docs/product/api.md#database).
 */
function tolerantRollback(statement: SQLite.Statement): SQLite.Statement {
  const run = statement.run.bind(statement);
  return Object.assign(Object.create(statement) as SQLite.Statement, {
    run: (...args: unknown[]) => {
      try {
        return run(...args);
      } catch (error) {
        if (error instanceof SQLite.SqliteError && /no transaction is active/.test(error.message)) return { changes: 0, lastInsertRowid: 0 };
        throw error;
      }
    },
  });
}

/** PostgreSQL's deadlock_detected and lock_not_available (lock_timeout). */
const isLockConflict = (error: unknown) => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '55P03';
};
const MIGRATION_LOCK_ATTEMPTS = 40;
const MIGRATION_LOCK_PAUSE_MS = 250;

/**
 * During a rolling upgrade an older instance keeps writing while this one migrates (docs/operations.md,
 * Upgrades). On PostgreSQL every pending migration runs in one transaction; its first step takes every
 * table of the schema at once, waiting at most half a second. The migration then never waits while
 * holding a table, so it can never be half of a deadlock: the older instance's statements wait for it and
 * then go on, and when the tables are busy the migration gives way and tries again a moment later.
 */
function lockingTablesFirst(source: typeof migrations): typeof migrations {
  const lockAll = async (db: Kysely<unknown>) => {
    const { rows } = await sql<{ name: string }>`
      select quote_ident(tablename) as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_migration%' order by tablename`.execute(db);
    if (rows.length === 0) return;
    await sql`set local lock_timeout = '500ms'`.execute(db);
    await sql.raw(`lock table ${rows.map((r) => r.name).join(', ')} in access exclusive mode`).execute(db);
    await sql`set local lock_timeout = 0`.execute(db);
  };
  return Object.fromEntries(
    Object.entries(source).map(([name, migration]) => [name, { ...migration, up: async (db: Kysely<unknown>) => (await lockAll(db), migration.up(db)) }]),
  );
}

/** The lock beside the SQLite file that one process at a time migrates under (none for a database in memory). */
async function sqliteMigrationLock(db: Db): Promise<DataDirLock | undefined> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  return file ? holdMigrationLock(path.dirname(file)) : undefined;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db, log?: MigrationLog): Promise<MigrationResultSet> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const provided = postgres ? lockingTablesFirst(migrations) : migrations;
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(provided) } });
  const migrationLock = postgres ? undefined : await sqliteMigrationLock(db);
  let result: MigrationResultSet;
  try {
    result = await migrator.migrateToLatest();
  } finally {
    migrationLock?.release();
  }
  // Nothing was applied when the tables were busy (one transaction): try again after a pause.
  for (let attempt = 1; attempt < MIGRATION_LOCK_ATTEMPTS && postgres && isLockConflict(result.error); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_PAUSE_MS));
    result = await migrator.migrateToLatest();
  }
  // One line per migration applied, so an operator can see in the log what an upgrade changed and when.
  for (const applied of result.results ?? []) {
    if (applied.status === 'Success') log?.info({ migration: applied.migrationName }, `migration applied: ${applied.migrationName}`);
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    // Without a failed migration nothing ran (the database could not be reached): its own message alone.
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${reason}` : reason, { cause: result.error });
  }
  return result;
}

/** Where migrateToLatest reports each migration it applied (the app's logger). */
export interface MigrationLog {
  info(fields: { migration: string }, message: string): void;
}

/** The current time as the ISO string every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();

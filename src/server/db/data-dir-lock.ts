import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The lock file beside the SQLite database in DATA_DIR. */
export const LOCK_FILE_NAME = 'spindle.lock';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const isBusy = (error: unknown) => error instanceof SQLite.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);

/**
 * A readers-writer lock on DATA_DIR, taken through SQLite's own file locking on an empty database
 * file: every process that uses the SQLite database (app instances, migrations, the seed) holds a
 * shared lock for as long as it runs, and a restore needs the exclusive one. Several app instances
 * may share a DATA_DIR; a restore under any of them would swap the file beneath an open connection
 * and lose what it writes next. The operating system drops the lock with the process, so a crash or
 * kill -9 never leaves a stale lock behind, which a PID file would.
 */
export function holdSharedLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const db = new SQLite(file);
  try {
    db.pragma('busy_timeout = 0');
    // A read transaction keeps SQLite's SHARED lock on the file until it ends: here, until release.
    db.exec('begin');
    db.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    db.close();
    if (isBusy(error))
      throw new DataDirLockedError(`a restore is running on DATA_DIR ${dataDir} (it holds ${file}); start once it has finished`);
    throw error;
  }
  return { release: () => db.close() };
}

/** The restore's side of the lock: refused at once while any process holds the shared lock. */
export function takeExclusiveLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const db = new SQLite(file);
  try {
    db.pragma('busy_timeout = 0');
    db.exec('begin exclusive');
  } catch (error) {
    db.close();
    if (isBusy(error)) {
      throw new DataDirLockedError(
        `a running Spindle (or another command) is using DATA_DIR ${dataDir}: stop every app instance on it first, then restore`,
      );
    }
    throw error;
  }
  return {
    release: () => {
      db.exec('rollback');
      db.close();
    },
  };
}

/** How long a process waits for another one's migrations on the same DATA_DIR before it gives up. */
export const MIGRATION_WAIT_MS = 120_000;

/**
 * Migrations on SQLite run outside a transaction (Kysely's migrator cannot wrap SQLite's schema
 * changes in one), so two processes starting at once on one DATA_DIR both applied the same migration
 * and one stopped with "table … already exists". Each process migrates holding SQLite's RESERVED lock
 * on the lock file, which only one connection can hold and which leaves the shared locks alone: the
 * next process waits for it, then finds nothing pending.
 */
export function holdMigrationLock(dataDir: string, waitMs = MIGRATION_WAIT_MS): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const db = new SQLite(file);
  try {
    db.pragma(`busy_timeout = ${waitMs}`);
    db.exec('begin immediate');
  } catch (error) {
    db.close();
    if (isBusy(error))
      throw new DataDirLockedError(
        `another process has been migrating the database in DATA_DIR ${dataDir} for over ${Math.round(waitMs / 1000)} s; start again once it has finished`,
      );
    throw error;
  }
  return {
    release: () => {
      db.exec('rollback');
      db.close();
    },
  };
}

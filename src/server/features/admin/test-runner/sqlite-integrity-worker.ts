import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface SqliteIntegrityResult {
  /** integrity_check's messages other than 'ok'. */
  integrity: string[];
  /** foreign_key_check's rows. */
  foreignKeys: { table: string; rowid: number | null; parent: string }[];
}

// Plain CommonJS run by the worker: opens the file read-only (WAL lets it read beside the app's writer).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const integrity = db.pragma('integrity_check', { simple: false }).map((row) => row.integrity_check).filter((text) => text !== 'ok');
  const foreignKeys = db.pragma('foreign_key_check').map((row) => ({ table: row.table, rowid: row.rowid, parent: row.parent }));
  parentPort.postMessage({ integrity, foreignKeys });
} finally {
  db.close();
}
`;

/**
 * SQLite's integrity_check and foreign_key_check on a database file, in a worker thread. better-sqlite3
 * is synchronous: on the app's own connection a check of a large file would stop every other request
 * for its whole duration (about 0.4 s at 100,000 albums, growing with the file).
 */
export function checkSqliteIntegrity(file: string): Promise<SqliteIntegrityResult> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    worker.once('message', (result: SqliteIntegrityResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the integrity check stopped (exit code ${code})`));
    });
  });
}

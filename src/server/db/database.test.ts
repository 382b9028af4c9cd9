import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../test/harness.js';
import { migrateToLatest, openDatabase, SQLITE_FILE_NAME, type DbHandle } from './database.js';

describe.runIf(testDbKind === 'sqlite')('SQLite transactions against another process writing the same file', () => {
  let dir: string;
  let handle: DbHandle;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spindle-db-'));
    handle = openDatabase({ dataDir: dir });
    await migrateToLatest(handle.db);
    other = new SQLite(path.join(dir, SQLITE_FILE_NAME));
    // The other process does not wait: a lock it meets fails at once, so the test cannot hang.
    other.pragma('busy_timeout = 0');
  });
  afterEach(async () => {
    other.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads and then writes is not undone by a commit from outside in between', async () => {
    // A deferred BEGIN took a read snapshot at the first SELECT; a commit from another connection then
    // made the transaction's first write fail with SQLITE_BUSY_SNAPSHOT, which busy_timeout does not
    // retry (the likely cause of a registration answering 500 while an e2e journey wrote to the file).
    let outsideWrite: unknown;
    await handle.db.transaction().execute(async (trx) => {
      await sql`select count(*) from settings`.execute(trx);
      try {
        other.prepare(`insert into settings (key, value) values ('outside', 'x')`).run();
        outsideWrite = 'committed';
      } catch (error) {
        outsideWrite = (error as { code?: string }).code;
      }
      await sql`insert into settings (key, value) values ('inside', 'y')`.execute(trx);
    });
    // The app's transaction holds the write lock from its start, so the outsider waits (here: fails at once).
    expect(outsideWrite).toBe('SQLITE_BUSY');
    const keys = other.prepare(`select key from settings where key in ('inside', 'outside')`).pluck().all();
    expect(keys).toEqual(['inside']);
  });
});

import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Db, DbKind } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/database.js';

/** The application's tables, read from the engine's catalog (not from a list that could drift). */
export async function listTables(db: Db, kind: DbKind): Promise<string[]> {
  const rows =
    kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** Every table's row count, by table name. */
export async function countRows(db: Db, kind: DbKind): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db, kind)) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** The index names present in the database. */
export async function listIndexes(db: Db, kind: DbKind): Promise<Set<string>> {
  const rows =
    kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

let expected: Promise<string[]> | undefined;

/**
 * The indexes the migrations create, by name: the migrations are run once on an empty in-memory
 * SQLite database and its named indexes read back. The names are the migrations' own, so the same
 * list holds on PostgreSQL (whose automatic constraint indexes are not in it and need not be).
 */
export function expectedIndexes(): Promise<string[]> {
  expected ??= (async () => {
    const scratch = new Kysely<never>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
    try {
      await migrateToLatest(scratch);
      const rows = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_%' order by name`.execute(scratch);
      return rows.rows.map((row) => row.name);
    } finally {
      await scratch.destroy();
    }
  })();
  expected.catch(() => {
    expected = undefined;
  });
  return expected;
}

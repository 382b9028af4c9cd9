import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { SQLITE_FILE_NAME, type Db } from '../../../db/database.js';
import { expectedIndexes, listIndexes } from './catalog.js';
import { checkSqliteIntegrity } from './sqlite-integrity-worker.js';
import { assert, listSome, type TestSuite } from './test-suite.js';

const TESTS = {
  integrity: 'Database integrity',
  orphans: 'No orphaned records',
  counts: 'Counts consistent',
  indexes: 'Expected indexes present',
} as const;

/** Tables whose rows belong to a user (by user_id); none may outlive their user. */
const USER_OWNED = [
  'sessions',
  'collections',
  'albums',
  'images',
  'record_stores',
  'password_reset_tokens',
  'checkout_sessions',
  'demo_subscriptions',
] as const;

/** One count; then a turn of the event loop, as SQLite's queries run synchronously and would hold every other request. */
const count = async (db: Db, query: ReturnType<typeof sql<{ n: number | string }>>) => {
  const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
  await nextTurn();
  return n;
};

/** SQLite: the engine's own checks of the file and of every foreign key (off the app's connection). */
async function sqliteIntegrity(file: string): Promise<string[]> {
  const problems: string[] = [];
  const { integrity, foreignKeys } = await checkSqliteIntegrity(file);
  if (integrity.length) problems.push(`integrity_check: ${listSome(integrity, 3)}`);
  if (foreignKeys.length) {
    const byTable = new Map<string, number>();
    for (const row of foreignKeys)
      byTable.set(`${row.table} → ${row.parent}`, (byTable.get(`${row.table} → ${row.parent}`) ?? 0) + 1);
    problems.push(`foreign_key_check: ${listSome([...byTable].map(([pair, n]) => `${n} row${n === 1 ? '' : 's'} of ${pair}`))}`);
  }
  return problems;
}

/** PostgreSQL: the catalog's equivalents — invalid indexes, constraints never validated, rows whose foreign key finds no parent. */
async function postgresIntegrity(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const invalid = await sql<{ name: string }>`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and (not i.indisvalid or not i.indisready)`.execute(db);
  if (invalid.rows.length) problems.push(`invalid indexes: ${listSome(invalid.rows.map((row) => row.name))}`);
  const unvalidated = await sql<{ name: string; tbl: string }>`
    select con.conname as name, cl.relname as tbl from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = con.connamespace
    where n.nspname = current_schema() and not con.convalidated`.execute(db);
  if (unvalidated.rows.length)
    problems.push(`constraints not validated: ${listSome(unvalidated.rows.map((row) => `${row.tbl}.${row.name}`))}`);
  const foreignKeys = await sql<{ name: string; child: string; child_col: string; parent: string; parent_col: string }>`
    select con.conname as name, cl.relname as child, a.attname as child_col, pcl.relname as parent, pa.attname as parent_col
    from pg_constraint con
    join pg_namespace n on n.oid = con.connamespace
    join pg_class cl on cl.oid = con.conrelid
    join pg_class pcl on pcl.oid = con.confrelid
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = con.confkey[1]
    where con.contype = 'f' and n.nspname = current_schema() and array_length(con.conkey, 1) = 1
    order by cl.relname, con.conname`.execute(db);
  const orphans: string[] = [];
  for (const fk of foreignKeys.rows) {
    const n = await count(
      db,
      sql<{ n: number }>`select count(*) as n from ${sql.table(fk.child)} x
        where x.${sql.ref(fk.child_col)} is not null
        and not exists (select 1 from ${sql.table(fk.parent)} p where p.${sql.ref(fk.parent_col)} = x.${sql.ref(fk.child_col)})`,
    );
    if (n > 0) orphans.push(`${n} row${n === 1 ? '' : 's'} of ${fk.child} → ${fk.parent}`);
  }
  if (orphans.length) problems.push(`foreign keys without their row: ${listSome(orphans)}`);
  return problems;
}

/**
 * The keys the app writes beside names (docs/product/collections.md#fields, docs/product/albums.md#duplicates):
 * trimmed and lower-cased as albums.service does.
 */
const textKey = (value: string) => value.trim().toLowerCase();
const PAGE = 5000;

async function mismatchedKeys(db: Db): Promise<string[]> {
  const problems: string[] = [];
  let collections = 0;
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('collections')
      .select(['id', 'name', 'name_key'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    collections += rows.filter((row) => row.name_key !== textKey(row.name)).length;
    if (rows.length < PAGE) break;
    await nextTurn(); // SQLite runs synchronously: other requests get their turn between pages
    after = rows[rows.length - 1]!.id;
  }
  if (collections) problems.push(`${collections} collection name key${collections === 1 ? '' : 's'} out of step with the name`);
  let albums = 0;
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('albums')
      .select(['id', 'title', 'artist', 'title_key', 'artist_key'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    albums += rows.filter((row) => row.title_key !== textKey(row.title) || row.artist_key !== textKey(row.artist)).length;
    if (rows.length < PAGE) break;
    await nextTurn();
    after = rows[rows.length - 1]!.id;
  }
  if (albums) problems.push(`${albums} album title/artist key${albums === 1 ? '' : 's'} out of step`);
  return problems;
}

/** The database suite (docs/product/admin.md#testing): the stored data is whole and agrees with itself. */
export const databaseSuite: TestSuite = {
  id: 'database',
  name: 'Database Integrity',
  description: 'Engine integrity checks, orphaned rows, consistent counts and the migrations’ indexes',
  icon: 'database',
  tests: Object.values(TESTS),
  async run({ ctx }, check) {
    const db = ctx.db;

    await check(TESTS.integrity, async () => {
      const problems =
        ctx.dbKind === 'sqlite'
          ? await sqliteIntegrity(path.join(ctx.config.dataDir, SQLITE_FILE_NAME))
          : await postgresIntegrity(db);
      assert(problems.length === 0, problems.join('; '));
    });

    // Checked by query, so they are found even where the engine's foreign keys were off when the rows were written.
    await check(TESTS.orphans, async () => {
      const problems: string[] = [];
      for (const table of USER_OWNED) {
        const n = await count(
          db,
          sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(table)} x where not exists (select 1 from users u where u.id = x.user_id)`,
        );
        if (n) problems.push(`${n} ${table} row${n === 1 ? '' : 's'} of a user who no longer exists`);
      }
      const homeless = await count(
        db,
        sql<{
          n: number;
        }>`select count(*) as n from albums a where not exists (select 1 from collections c where c.id = a.collection_id)`,
      );
      if (homeless) problems.push(`${homeless} album${homeless === 1 ? '' : 's'} whose collection no longer exists`);
      const alerts = await count(
        db,
        sql<{
          n: number;
        }>`select count(*) as n from alert_history h where h.user_id is not null and not exists (select 1 from users u where u.id = h.user_id)`,
      );
      if (alerts) problems.push(`${alerts} alert${alerts === 1 ? '' : 's'} naming a user who no longer exists`);
      assert(problems.length === 0, problems.join('; '));
    });

    await check(TESTS.counts, async () => {
      const problems: string[] = [];
      // Each user's album count must equal the sum over their own collections. One statement, so
      // albums written meanwhile by real users are counted on both sides alike.
      const albums = await sql<{ n: number | string; own: number | string }>`
        select count(*) as n, count(c.id) as own from albums a
        left join collections c on c.id = a.collection_id and c.user_id = a.user_id`.execute(db);
      const all = Number(albums.rows[0]?.n ?? 0);
      const inOwnCollections = Number(albums.rows[0]?.own ?? 0);
      if (all !== inOwnCollections)
        problems.push(`${all - inOwnCollections} of ${all} albums are not counted in a collection of their owner`);
      const sharedTwice = await count(
        db,
        sql<{
          n: number;
        }>`select count(*) as n from (select share_token from collections where share_token is not null group by share_token having count(*) > 1) t`,
      );
      if (sharedTwice) problems.push(`${sharedTwice} share link${sharedTwice === 1 ? '' : 's'} used by more than one collection`);
      const sameName = await count(
        db,
        sql<{
          n: number;
        }>`select count(*) as n from (select user_id, name_key from collections group by user_id, name_key having count(*) > 1) t`,
      );
      if (sameName) problems.push(`${sameName} collection name${sameName === 1 ? '' : 's'} used twice by one user`);
      problems.push(...(await mismatchedKeys(db)));
      assert(problems.length === 0, problems.join('; '));
    });

    await check(TESTS.indexes, async () => {
      const present = await listIndexes(db, ctx.dbKind);
      const missing = (await expectedIndexes()).filter((name) => !present.has(name));
      assert(missing.length === 0, `missing index${missing.length === 1 ? '' : 'es'}: ${listSome(missing)}`);
    });
  },
};

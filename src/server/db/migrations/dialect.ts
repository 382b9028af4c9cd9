import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/** Column helpers so one migration serves SQLite and PostgreSQL. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const blobType = (db: Kysely<unknown>) => (isPostgres(db) ? sql`bytea` : sql`blob`);
export const realType = (db: Kysely<unknown>) => (isPostgres(db) ? sql`double precision` : sql`real`);

export const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

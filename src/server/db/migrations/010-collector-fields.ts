import { sql, type Kysely } from 'kysely';

/**
 * The collector's description of a copy (docs/product/albums.md, Pressing & details). Every column
 * is nullable, so instances still running the previous build keep inserting albums during a rolling
 * upgrade. added_at is when the copy joined the collection: the creation time for albums already
 * there, the file's date for imported ones. The tracklist is JSON text on both engines.
 */
const COLUMNS = [
  ['format', 'text'],
  ['catalog_number', 'text'],
  ['barcode', 'text'],
  ['pressing', 'text'],
  ['notes', 'text'],
  ['rating', 'integer'],
  ['location', 'text'],
  ['tracklist', 'text'],
  ['discogs_release_id', 'integer'],
  ['musicbrainz_release_id', 'text'],
  ['added_at', 'text'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('albums').addColumn(name, type).execute();
  await sql`update albums set added_at = created_at where added_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('albums').dropColumn(name).execute();
}

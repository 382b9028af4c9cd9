import type { Db } from '../db/database.js';

export interface CachedAnswer {
  contentType: string | null;
  body: Buffer;
}

let lastPurge = 0;
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Answers fetched from outside (MusicBrainz, the Cover Art Archive, proxied images), kept in the
 * database with an expiry so that every app instance shares them.
 */
export const httpCacheRepository = {
  async get(db: Db, key: string, now = new Date()): Promise<CachedAnswer | undefined> {
    const row = await db
      .selectFrom('http_cache')
      .select(['content_type', 'body'])
      .where('key', '=', key)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ? { contentType: row.content_type, body: Buffer.from(row.body) } : undefined;
  },

  async put(db: Db, key: string, answer: CachedAnswer, ttlMs: number, now = new Date()): Promise<void> {
    const expires_at = new Date(now.getTime() + ttlMs).toISOString();
    await db
      .insertInto('http_cache')
      .values({ key, content_type: answer.contentType, body: answer.body, expires_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ content_type: answer.contentType, body: answer.body, expires_at }))
      .execute();
    // Expired rows are only ever skipped by get(); clearing them now and then keeps the table small.
    if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      await db.deleteFrom('http_cache').where('expires_at', '<=', now.toISOString()).execute();
    }
  },
};

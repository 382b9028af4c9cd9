import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ShareResponse } from '../../../common/sharing.schemas.js';
import { nowIso } from '../../db/database.js';
import type { Client } from '../../test/harness.js';

// These tests write collection and album rows directly, so they exercise sharing alone, not those routes.

export async function insertCollection(app: FastifyInstance, userId: number, name: string): Promise<number> {
  const row = await app.ctx.db
    .insertInto('collections')
    .values({ user_id: userId, name, name_key: name.trim().toLowerCase(), share_token: null, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AlbumFixture {
  title: string;
  artist: string;
  coverUrl?: string | null;
  priceCents?: number | null;
}

export async function insertAlbum(app: FastifyInstance, userId: number, collectionId: number, album: AlbumFixture): Promise<number> {
  const row = await app.ctx.db
    .insertInto('albums')
    .values({
      user_id: userId,
      collection_id: collectionId,
      title: album.title,
      artist: album.artist,
      title_key: album.title.trim().toLowerCase(),
      artist_key: album.artist.trim().toLowerCase(),
      cover_url: album.coverUrl ?? null,
      price_cents: album.priceCents ?? 2599,
      purchase_location: 'Secret Records, 1 Private Lane',
      purchase_date: '2024-01-02',
      genre: 'Jazz',
      is_lent: 1,
      lent_to: 'Private Borrower',
      lent_date: '2024-03-04',
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A stored image row of this user; returns its name and the bytes it serves. */
export async function insertImage(app: FastifyInstance, userId: number): Promise<{ name: string; data: Buffer; thumb: Buffer }> {
  const name = `${randomBytes(12).toString('base64url')}.png`;
  const data = Buffer.from(`full-image-bytes-${name}`);
  const thumb = Buffer.from(`thumb-image-bytes-${name}`);
  await app.ctx.db
    .insertInto('images')
    .values({
      name,
      user_id: userId,
      content_type: 'image/png',
      data,
      thumb_data: thumb,
      width: 600,
      height: 600,
      sha256: createHash('sha256').update(data).digest('hex'),
      source_url: null,
      created_at: nowIso(),
    })
    .execute();
  return { name, data, thumb };
}

export async function setUser(
  app: FastifyInstance,
  userId: number,
  fields: { subscription_status?: string; account_status?: string; first_name?: string | null; last_name?: string | null },
): Promise<void> {
  await app.ctx.db.updateTable('users').set(fields).where('id', '=', userId).execute();
}

/** Shares the collection through the API and returns the token. */
export async function share(client: Client, collectionId: number): Promise<string> {
  const response = await client.post(`/api/collections/${collectionId}/share`);
  if (response.statusCode !== 200) throw new Error(`share failed: ${response.statusCode} ${response.body}`);
  return response.json<ShareResponse>().shareToken;
}

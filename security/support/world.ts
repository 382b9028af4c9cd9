import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { HttpClient, PASSWORD, register, uniqueEmail, type Account } from './http.js';
import type { SecurityServer } from './server.js';

export const ADMIN_EMAIL = 'admin@spindle.test';
export const ADMIN_PASSWORD = 'admin-password-security';
/** Start the server with these for an administrator account. */
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD };

export const pngBytes = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

/** POST /api/cover-art/upload as a browser's FormData does. */
export async function uploadCover(client: HttpClient, bytes: Buffer, options: { filename?: string; type?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.filename ?? 'cover.png');
  const response = await fetch(`${client.baseUrl}/api/cover-art/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: client.baseUrl, ...(options.headers ?? {}) },
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface Owner extends Account {
  /** A string found in every object of this owner, to look for in other users' answers. */
  marker: string;
  collectionId: number;
  collectionName: string;
  albumId: number;
  storeId: number;
  wishId: number;
  coverUrl: string;
  coverName: string;
  shareToken: string;
  storeShareToken: string;
  wishlistShareToken: string;
}

export const albumBody = (collection: string, fields: Record<string, unknown> = {}) => ({
  collection,
  title: 'Sample Title',
  artist: 'Sample Artist',
  isLent: false,
  ...fields,
});

export const storeBody = (fields: Record<string, unknown> = {}) => ({ name: 'Sample Store', streetAddress: '1 Main St', city: 'Springfield', state: 'IL', ...fields });

function expectStatus(res: { status: number; text: string }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
}

/** A user with one of everything: collection (shared), album with an uploaded cover, store (shared), wish (shared). */
export async function makeOwner(server: SecurityServer, label = 'owner'): Promise<Owner> {
  const marker = `${label}-secret-${randomBytes(4).toString('hex')}`;
  const account = await register(server.url, { email: uniqueEmail(label), firstName: marker, lastName: marker });
  const { client } = account;
  const collectionName = `${marker} shelf`;
  const collection = await client.post('/api/collections', { name: collectionName });
  expectStatus(collection, 201, 'collection');
  const cover = await uploadCover(client, await pngBytes());
  expectStatus(cover, 200, 'cover');
  const coverUrl = (cover.json as { url: string }).url;
  const album = await client.post('/api/albums', albumBody(collectionName, { title: `${marker} title`, artist: `${marker} artist`, coverUrl, lentTo: null }));
  expectStatus(album, 201, 'album');
  const store = await client.post('/api/record-stores', storeBody({ name: `${marker} store` }));
  expectStatus(store, 201, 'store');
  const collectionId = (collection.json as { id: number }).id;
  const share = await client.post(`/api/collections/${collectionId}/share`);
  expectStatus(share, 200, 'share');
  const storeShare = await client.post('/api/record-stores/share');
  expectStatus(storeShare, 200, 'store share');
  const wish = await client.post('/api/wishlist', { title: `${marker} wish`, artist: `${marker} artist`, notes: `${marker} wish notes`, maxPrice: 12 });
  expectStatus(wish, 201, 'wish');
  const wishlistShare = await client.post('/api/wishlist/share');
  expectStatus(wishlistShare, 200, 'wish list share');
  return {
    ...account,
    marker,
    collectionId,
    collectionName,
    albumId: (album.json as { id: number }).id,
    storeId: (store.json as { id: number }).id,
    wishId: (wish.json as { id: number }).id,
    coverUrl,
    coverName: coverUrl.split('/').pop()!,
    shareToken: (share.json as { shareToken: string }).shareToken,
    storeShareToken: (storeShare.json as { shareToken: string }).shareToken,
    wishlistShareToken: (wishlistShare.json as { shareToken: string }).shareToken,
  };
}

export async function adminClient(server: SecurityServer): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const res = await client.post('/api/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expectStatus(res, 200, 'admin login');
  return client;
}

/** A signed-in account whose status is then set in the database (paused or revoked by an administrator). */
export async function accountWithStatus(server: SecurityServer, status: 'paused' | 'revoked'): Promise<Account> {
  const account = await register(server.url, { email: uniqueEmail(status) });
  await server.app.ctx.db.updateTable('users').set({ account_status: status }).where('id', '=', account.id).execute();
  return account;
}

export const userRow = (server: SecurityServer, id: number) => server.app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export { PASSWORD };

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { albumRequestSchema, type Album, type AlbumRequest } from '../../common/albums.schemas.js';
import type { Collection } from '../../common/collections.schemas.js';
import { shelfMarkerCookieName } from '../../common/offline-copy.js';
import { recordStoreRequestSchema, type RecordStore, type RecordStoreRequest } from '../../common/record-stores.schemas.js';
import { nowIso } from '../db/database.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import type { AlbumValues } from '../features/albums/albums.repository.js';
import { createAlbum, toValues } from '../features/albums/albums.service.js';
import { userDataWrite } from '../db/data-version.js';
import { importRepository } from '../features/import/import.repository.js';
import { hashPassword } from '../security/password.js';
import { collectionsRepository } from '../features/collections/collections.repository.js';
import { createCollection } from '../features/collections/collections.service.js';
import { createStore } from '../features/record-stores/record-stores.service.js';
import { usersRepository } from '../features/users/users.repository.js';
import { sessionCookieName, shelfMarker } from '../plugins/sessions.js';
import { Client } from './harness.js';

// Test data written through the app's own repositories and services, so every derived column
// (title_key, name_key, price_cents, data_version, creation budgets) follows the app's rules, without
// an HTTP round trip per row. A test about a route calls that route; every other test builds with these.

/** Where the account stands with its subscription (docs/product/subscription.md). */
export type Plan =
  | 'trialing' // a trial with days left: premium
  | 'active' // a paid subscription: premium
  | 'expired' // a trial that has ended: gated (402)
  | 'free'; // a canceled paid plan: reads everything, creates within the free tier

const DAY_MS = 86_400_000;

function planColumns(plan: Plan): Pick<UserUpdate, 'subscription_status' | 'trial_end_date' | 'has_had_paid_subscription'> {
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
  switch (plan) {
    case 'trialing':
      return { subscription_status: 'trialing', trial_end_date: inDays(30), has_had_paid_subscription: 0 };
    case 'active':
      return { subscription_status: 'active', trial_end_date: inDays(-1), has_had_paid_subscription: 1 };
    case 'expired':
      return { subscription_status: 'trialing', trial_end_date: inDays(-1), has_had_paid_subscription: 0 };
    case 'free':
      return { subscription_status: 'canceled', trial_end_date: inDays(-1), has_had_paid_subscription: 1 };
  }
}

export interface UserOverrides {
  username?: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  isAdmin?: boolean;
  plan?: Plan;
}

let sequence = 0;

/** A stored account (by default a trialing collector named Test User); its password works at sign-in. */
export async function buildUser(app: FastifyInstance, overrides: UserOverrides = {}): Promise<{ user: UserRow; password: string }> {
  const password = overrides.password ?? 'correct horse battery';
  const username = overrides.username ?? `user${++sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await usersRepository.insert(app.ctx.db, {
    username,
    email: username,
    password_hash: await hashPassword(password, app.ctx.passwordCost),
    first_name: overrides.firstName === undefined ? 'Test' : overrides.firstName,
    last_name: overrides.lastName === undefined ? 'User' : overrides.lastName,
    created_at: nowIso(),
    is_admin: overrides.isAdmin ? 1 : 0,
    ...planColumns(overrides.plan ?? 'trialing'),
  });
  return { user, password };
}

/** A client holding a fresh session of this user, as a browser would after signing in. */
export async function signIn(app: FastifyInstance, userId: number): Promise<Client> {
  const id = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(id).digest('hex');
  const now = new Date();
  await app.ctx.db
    .insertInto('sessions')
    .values({ id_hash: idHash, user_id: userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + app.ctx.config.sessionDays * DAY_MS).toISOString() })
    .execute();
  const client = new Client(app);
  client.cookie = `${sessionCookieName(app.ctx.config)}=${id}`;
  client.otherCookies.set(shelfMarkerCookieName(app.ctx.config.secureCookies), shelfMarker(idHash));
  return client;
}

export interface SignedInCollector {
  client: Client;
  user: UserRow;
  password: string;
  /** The collections made for it, by name. */
  collections: Record<string, Collection>;
}

/** A signed-in account with the named collections (none by default). */
export async function signedInCollector(
  app: FastifyInstance,
  options: UserOverrides & { collections?: string[] } = {},
): Promise<SignedInCollector> {
  const { collections: names = [], ...overrides } = options;
  const { user, password } = await buildUser(app, overrides);
  const collections: Record<string, Collection> = {};
  for (const name of names) collections[name] = await buildCollection(app, user.id, name);
  return { client: await signIn(app, user.id), user, password, collections };
}

/** Changes stored columns of a user (plan, status, names) as an administrator or a payment would. */
export async function updateUser(app: FastifyInstance, userId: number, changes: UserUpdate): Promise<void> {
  await usersRepository.update(app.ctx.db, userId, changes);
}

async function storedUser(app: FastifyInstance, userId: number): Promise<UserRow> {
  const user = await usersRepository.findById(app.ctx.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

/** A collection of the user, through the collections service (name rules, free-tier limit, budgets). */
export async function buildCollection(app: FastifyInstance, userId: number, name = `Shelf ${++sequence}`): Promise<Collection> {
  return createCollection(app.ctx, await storedUser(app, userId), name);
}

/**
 * An album of the user, checked by the API's own schema and written by the albums service, so keys,
 * cents and the data version are what POST /api/albums would store. Its collection (default "Jazz")
 * is made when the user has none of that name.
 */
export async function buildAlbum(app: FastifyInstance, userId: number, overrides: Partial<AlbumRequest> = {}): Promise<Album> {
  const request = { collection: 'Jazz', title: `Album ${++sequence}`, artist: 'Miles Davis', ...overrides };
  const user = await storedUser(app, userId);
  if (!(await collectionsRepository.findByName(app.ctx.db, userId, request.collection))) {
    await createCollection(app.ctx, user, request.collection);
  }
  return createAlbum(app.ctx, user, albumRequestSchema.parse(request));
}

/**
 * Many albums of the user, in index order, their collections made when missing; for tests of large
 * lists: the same columns as buildAlbum, written in bulk, so the API's creation budgets are left alone.
 */
export async function buildAlbums(
  app: FastifyInstance,
  userId: number,
  count: number,
  album: (index: number) => Partial<AlbumRequest> = () => ({}),
): Promise<void> {
  const collectionIds = new Map<string, number>();
  const collectionId = async (name: string) => {
    let id = collectionIds.get(name);
    if (id === undefined) {
      id = ((await collectionsRepository.findByName(app.ctx.db, userId, name)) ?? (await buildCollection(app, userId, name))).id;
      collectionIds.set(name, id);
    }
    return id;
  };
  const values: AlbumValues[] = [];
  for (let index = 0; index < count; index++) {
    const input = albumRequestSchema.parse({ collection: 'Jazz', title: `Take ${index}`, artist: 'Bill Evans', ...album(index) });
    values.push(toValues(input, await collectionId(input.collection)));
  }
  await userDataWrite(app.ctx.db, userId, async (trx) => {
    for (let i = 0; i < values.length; i += 500) await importRepository.insertMany(trx, userId, values.slice(i, i + 500), nowIso());
  });
}

/** A record store of the user; with coordinates by default, so no geocoder is asked. */
export async function buildStore(app: FastifyInstance, userId: number, overrides: Partial<RecordStoreRequest> = {}): Promise<RecordStore> {
  const request: RecordStoreRequest = {
    name: `Record Store ${++sequence}`,
    streetAddress: '6400 Sunset Blvd',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90028',
    country: 'USA',
    latitude: 34.0977,
    longitude: -118.3295,
    ...overrides,
  };
  return createStore(app.ctx, userId, recordStoreRequestSchema.parse(request));
}

/** A stored image of the user (stand-in bytes); returns its name and the bytes it serves. */
export async function buildImage(app: FastifyInstance, userId: number, name = `${randomBytes(12).toString('base64url')}.png`): Promise<{ name: string; data: Buffer; thumb: Buffer }> {
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

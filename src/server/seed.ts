import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CONDITIONS, GENRES, TRIAL_DAYS, type Genre } from '../common/constants.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import type { NewAlbum } from './db/schema.js';
import { hashPassword } from './security/password.js';
import { bumpDataVersion } from './db/data-version.js';
import { usersRepository } from './features/users/users.repository.js';

/**
 * `npm run seed -- --albums 10000 [--users N] [--email demo@spindle.test --password ...]`: a collector
 * (or N of them) with realistic data in the configured database (DATA_DIR or DATABASE_URL), for demos
 * and the benchmarks.
 */

const USAGE = 'Usage: npm run seed -- [--albums N] [--users N] [--email ADDRESS] [--password PASSWORD]';
const DEFAULT_EMAIL = 'demo@spindle.test';
const DEFAULT_PASSWORD = 'spindle-demo-password';

class UsageError extends Error {}

const COLLECTIONS: { name: string; genres: Genre[] }[] = [
  { name: 'Living Room Shelf', genres: ['Rock', 'Pop', 'Alternative', 'Indie', 'Folk'] },
  { name: 'Jazz Corner', genres: ['Jazz', 'Blues'] },
  { name: 'Soul & Funk', genres: ['Soul', 'Funk', 'R&B', 'Gospel'] },
  { name: 'Electronic / Dance', genres: ['Electronic/Dance', 'Hip-hop/Rap'] },
  { name: 'Punk, Metal & Noise', genres: ['Punk', 'Metal', 'Alternative'] },
  { name: 'Wish List', genres: [...GENRES] },
];

const FIRST = ['Ada', 'Billie', 'Carlos', 'Dolores', 'Eddie', 'Fela', 'Grace', 'Hank', 'Irma', 'Jules', 'Kamasi', 'Lena', 'Marvin', 'Nina', 'Otis', 'Patti', 'Quincy', 'Rosa', 'Sly', 'Tove', 'Ute', 'Víctor', 'Wanda', 'Yusef', 'Zoë'];
const LAST = ['Adams', 'Baker', 'Coleman', "D'Angelo", 'Ellis', 'Fontaine', 'García', 'Harris', 'Iverson', 'Jansen', 'Kuti', 'Lindqvist', 'Moreau', 'Nakamura', "O'Neill", 'Park', 'Quinn', 'Reyes', 'Sørensen', 'Turner', 'Walker', 'Young'];
const ADJECTIVES = ['Velvet', 'Electric', 'Midnight', 'Broken', 'Golden', 'Silent', 'Crimson', 'Wandering', 'Paper', 'Neon', 'Hollow', 'Northern', 'Burning', 'Sleepy', 'Savage', 'Blue', 'Static', 'Lonesome'];
const NOUNS = ['Horses', 'Satellites', 'Tigers', 'Machines', 'Rivers', 'Ghosts', 'Daughters', 'Kites', 'Lanterns', 'Wolves', 'Engines', 'Sparrows', 'Mirrors', 'Orchards', 'Saints'];
const ENSEMBLES = ['Quartet', 'Trio', 'Orchestra', 'Band', 'Experience', '& The Heartbeats', 'Sextet'];
const TITLE_WORDS = ['Love', 'Night', 'Summer', 'Fire', 'Dreams', 'Highway', 'Rain', 'Gold', 'Heaven', 'Streets', 'Ocean', 'Shadows', 'Light', 'Echoes', 'Stars', 'Home', 'Thunder', 'Wine', 'Roses', 'Tomorrow'];
const TITLE_SHAPES = [
  (a: string, b: string) => `${a} & ${b}`,
  (a: string) => `Songs of ${a}`,
  (a: string, b: string) => `${a} in the ${b}`,
  (a: string) => `Live at the ${a} Club`,
  (a: string) => `The ${a} Sessions`,
  (a: string, b: string) => `${a}, ${b} and Other Stories`,
  (a: string) => `${a} (Remastered)`,
  (a: string) => `${a} Reprise`,
  (a: string, b: string) => `Blue ${a}, Red ${b}`,
  (a: string) => `Far From ${a}`,
  (a: string, b: string) => `A ${a} for ${b}`,
  (a: string, b: string) => `${a} Without ${b}`,
];
const LABELS = ['Blue Note', 'Columbia', 'Motown', 'Stax', 'Atlantic', 'Warp', 'Sub Pop', 'Impulse!', 'Island', 'Rough Trade', '4AD', 'Factory', 'Def Jam', 'Verve', 'ECM', 'Matador', 'Chess', 'Trojan'];
const COUNTRIES = ['US', 'UK', 'Germany', 'France', 'Japan', 'Jamaica', 'Nigeria', 'Brazil', 'Sweden', 'Canada', 'Netherlands', 'Italy'];
const STORES = ['Rough Trade East', 'Amoeba Music, Hollywood', 'Record Store Day pop-up', 'Discogs', 'Flea market', 'Sister Ray', 'Jazz Record Mart', 'Dusty Groove', 'Eil.com', 'A friend'];
const FRIENDS = ['Sam', 'Kim', 'Alex from work', 'My brother', 'Jo & Lee', 'Priya', 'Uncle Bob'];

/** A small seeded PRNG (mulberry32) so a seed run is reproducible. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type Rng = ReturnType<typeof random>;

function artistName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.35) return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  if (roll < 0.6) return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  if (roll < 0.8) return `${rng.pick(FIRST)} ${rng.pick(LAST)} ${rng.pick(ENSEMBLES)}`;
  if (roll < 0.9) return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  return `${rng.pick(LAST)}, ${rng.pick(LAST)} & ${rng.pick(LAST)}`;
}

function albumTitle(rng: Rng): string {
  return rng.pick(TITLE_SHAPES)(rng.pick(TITLE_WORDS), rng.pick(TITLE_WORDS));
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function album(rng: Rng, artists: string[], collection: { id: number; genres: Genre[] }, now: Date): Omit<NewAlbum, 'user_id'> {
  const title = albumTitle(rng);
  const artist = rng.pick(artists);
  const releaseYear = rng.int(1955, now.getUTCFullYear());
  const lent = rng.chance(0.06);
  const stamp = now.toISOString();
  return {
    collection_id: collection.id,
    title,
    artist,
    title_key: title.toLowerCase(),
    artist_key: artist.toLowerCase(),
    purchase_location: rng.chance(0.7) ? rng.pick(STORES) : null,
    purchase_date: rng.chance(0.6) ? isoDate(new Date(now.getTime() - rng.int(0, 15 * 365) * 86_400_000)) : null,
    price_cents: rng.chance(0.8) ? rng.int(3, 60) * 100 + rng.pick([0, 49, 50, 95, 99]) : null,
    cover_url: null,
    genre: rng.chance(0.9) ? rng.pick(collection.genres) : null,
    label: rng.chance(0.85) ? rng.pick(LABELS) : null,
    release_year: rng.chance(0.95) ? releaseYear : null,
    country: rng.chance(0.8) ? rng.pick(COUNTRIES) : null,
    media_condition: rng.chance(0.9) ? rng.pick(CONDITIONS) : null,
    sleeve_condition: rng.chance(0.85) ? rng.pick(CONDITIONS) : null,
    is_lent: lent ? 1 : 0,
    lent_to: lent ? rng.pick(FRIENDS) : null,
    lent_date: lent ? isoDate(new Date(now.getTime() - rng.int(0, 200) * 86_400_000)) : null,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** Creates (or reuses) the user and adds `albums` albums across the seed collections, in one transaction. */
export async function seed(
  db: Db,
  options: { albums: number; email: string; password: string | undefined; passwordHash?: string },
): Promise<{ created: boolean; userId: number }> {
  const now = new Date();
  const email = options.email.trim().toLowerCase();
  let user = await usersRepository.findByUsername(db, email);
  const created = !user;
  if (!user) {
    user = await usersRepository.insert(db, {
      username: email,
      email,
      password_hash: options.passwordHash ?? (await hashPassword(options.password ?? DEFAULT_PASSWORD)),
      first_name: 'Demo',
      last_name: 'Collector',
      created_at: now.toISOString(),
      subscription_status: 'trialing',
      trial_end_date: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
    });
  } else if (options.password) {
    await usersRepository.update(db, user.id, { password_hash: options.passwordHash ?? (await hashPassword(options.password)) });
  }
  const userId = user.id;
  const rng = random(options.albums * 7919 + userId);
  const artists = Array.from({ length: Math.max(20, Math.ceil(options.albums / 8)) }, () => artistName(rng));

  await db.transaction().execute(async (trx) => {
    await bumpDataVersion(trx, userId);
    const collections: { id: number; genres: Genre[] }[] = [];
    for (const spec of COLLECTIONS) {
      const key = spec.name.toLowerCase();
      const existing = await trx.selectFrom('collections').select('id').where('user_id', '=', userId).where('name_key', '=', key).executeTakeFirst();
      const id =
        existing?.id ??
        (await trx.insertInto('collections').values({ user_id: userId, name: spec.name, name_key: key, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
      collections.push({ id, genres: spec.genres });
    }
    // The wish list stays small, as it would.
    const weights = collections.map((_, i) => (i === collections.length - 1 ? 0.3 : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const pickCollection = () => {
      let roll = rng.next() * total;
      for (let i = 0; i < collections.length; i++) if ((roll -= weights[i]!) < 0) return collections[i]!;
      return collections[0]!;
    };
    // 500 rows × 22 columns stays under both engines' bound-parameter limits.
    for (let done = 0; done < options.albums; done += 500) {
      const batch = Array.from({ length: Math.min(500, options.albums - done) }, () => ({ ...album(rng, artists, pickCollection(), now), user_id: userId }));
      await trx.insertInto('albums').values(batch).execute();
    }
  });
  return { created, userId };
}

/** The address of the i-th seeded user: the given one first, then `name+i@domain`. */
export function seededEmail(email: string, index: number): string {
  if (index === 0) return email;
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+${index}${email.slice(at)}`;
}

/**
 * `--users N`: N collectors with `albums` albums each (the many-users benchmark: 1,000 × 1,000),
 * one transaction of bulk inserts per user; the password is hashed once and shared by all of them.
 */
export async function seedUsers(
  db: Db,
  options: { users: number; albums: number; email: string; password: string | undefined },
): Promise<{ created: number }> {
  const passwordHash = await hashPassword(options.password ?? DEFAULT_PASSWORD);
  let created = 0;
  for (let i = 0; i < options.users; i++) {
    const result = await seed(db, { albums: options.albums, email: seededEmail(options.email, i), password: options.password, passwordHash });
    if (result.created) created++;
  }
  return { created };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { albums: { type: 'string', default: '1000' }, users: { type: 'string', default: '1' }, email: { type: 'string', default: DEFAULT_EMAIL }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const albums = Number(values.albums);
  if (!Number.isInteger(albums) || albums < 0 || albums > 1_000_000) throw new UsageError(`--albums must be a whole number from 0 to 1000000\n${USAGE}`);
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 1 || users > 100_000) throw new UsageError(`--users must be a whole number from 1 to 100000\n${USAGE}`);
  if (values.password !== undefined && values.password.length < 8) throw new UsageError('--password must be at least 8 characters');

  loadDotEnv();
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
    if (users > 1) {
      const email = values.email.trim().toLowerCase();
      const { created } = await seedUsers(handle.db, { users, albums, email, password: values.password });
      console.log(`Seeded ${users} users (${created} new) × ${albums} albums into ${where} in ${Date.now() - started} ms.`);
      console.log(`Accounts: ${email}, ${seededEmail(email, 1)} … ${seededEmail(email, users - 1)}  password: ${values.password ?? DEFAULT_PASSWORD}`);
      return;
    }
    const { created } = await seed(handle.db, { albums, email: values.email, password: values.password });
    console.log(`Seeded ${albums} albums in ${COLLECTIONS.length} collections into ${where} in ${Date.now() - started} ms.`);
    const password = values.password ?? (created ? DEFAULT_PASSWORD : '(unchanged)');
    console.log(`${created ? 'Created' : 'Reused'} account: ${values.email.trim().toLowerCase()}  password: ${password}`);
  } finally {
    await handle.close();
  }
}

// Run only as the seed command, not when imported (by the benchmark or a test).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
    process.exit(1);
  });
}

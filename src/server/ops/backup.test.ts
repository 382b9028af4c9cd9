import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { upload } from '../features/cover-art/cover-art.test-support.js';
import { jpeg, png } from '../features/cover-art/fixtures/images.js';
import { Client, createPostgresDatabase, createTestApp, signUp, testDbKind, TEST_SCRYPT, type TestApp } from '../test/harness.js';
import { backup, BackupError, restore } from './backup.js';

interface Collector {
  username: string;
  password: string;
  albums: { title: string; coverUrl: string | null }[];
  covers: Map<string, Buffer>;
}

let t: TestApp;
let workDir: string;
const collectors: Collector[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

/** An empty target of this project's engine: a fresh DATA_DIR, or a fresh PostgreSQL database. */
async function freshTarget(): Promise<Config> {
  const dataDir = mkdtempSync(path.join(workDir, 'restored-'));
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (testDbKind === 'postgres') {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  return loadConfig(env);
}

async function appOn(config: Config): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    passwordCost: TEST_SCRYPT,
    logger: false,
    webRoot: path.join(config.dataDir, 'no-web'),
    mailWorker: false,
  });
  cleanups.push(() => app.close());
  return app;
}

/** Signs in on `app` as each collector and finds every album and the bytes of every cover. */
async function expectEverythingIn(app: FastifyInstance) {
  for (const collector of collectors) {
    const client = new Client(app);
    expect((await client.post('/api/login', { username: collector.username, password: collector.password })).statusCode).toBe(
      200,
    );
    const list = await client.get('/api/albums');
    expect(list.statusCode).toBe(200);
    const albums = list.json<{ title: string; coverUrl: string | null }[]>().map(({ title, coverUrl }) => ({ title, coverUrl }));
    expect(albums).toEqual(collector.albums);
    for (const [url, bytes] of collector.covers) {
      const cover = await client.get(url);
      expect(cover.statusCode).toBe(200);
      expect(cover.rawPayload.equals(bytes)).toBe(true);
    }
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'spindle-backup-'));
  t = await createTestApp({}, { mailWorker: false });
  for (const [index, image] of [await jpeg({ r: 200, g: 30, b: 30 }), await png()].entries()) {
    const { client, user, password } = await signUp(t.app);
    const collector: Collector = { username: user.username, password, albums: [], covers: new Map() };
    expect((await client.post('/api/collections', { name: 'Jazz' })).statusCode).toBe(201);
    const uploaded = await upload(client, image);
    expect(uploaded.statusCode).toBe(200);
    const coverUrl = uploaded.json<{ url: string }>().url;
    collector.covers.set(coverUrl, (await client.get(coverUrl)).rawPayload);
    for (let i = 0; i < 12; i++) {
      const album = {
        collection: 'Jazz',
        title: `Session ${index}-${i}`,
        artist: 'Bill Evans',
        coverUrl: i % 3 === 0 ? coverUrl : null,
      };
      expect((await client.post('/api/albums', album)).statusCode).toBe(201);
      collector.albums.push({ title: album.title, coverUrl: album.coverUrl });
    }
    collectors.push(collector);
  }
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe(`backup and restore (${testDbKind})`, () => {
  it('backs up the running app, and a restore into an empty target serves every album and cover', async () => {
    // Online: the app keeps answering (and writing) while the backup is taken.
    const [file] = await Promise.all([
      backup(t.config, path.join(workDir, 'backups')),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(path.basename(file)).toMatch(
      testDbKind === 'postgres' ? /^spindle-postgres-.+\.dump$/ : /^spindle-sqlite-.+\.sqlite$/,
    );

    const target = await freshTarget();
    await restore(target, file);
    await expectEverythingIn(await appOn(target));
  });

  it('takes a consistent copy while albums are being added', async () => {
    const { client, user, password } = await signUp(t.app);
    expect((await client.post('/api/collections', { name: 'Busy' })).statusCode).toBe(201);
    const titles = Array.from({ length: 40 }, (_, i) => `Busy ${i}`);
    const writes = Promise.all(
      titles.map((title) => client.post('/api/albums', { collection: 'Busy', title, artist: 'Writer' })),
    );
    const file = await backup(t.config, path.join(workDir, 'backups-busy'));
    expect((await writes).every((r) => r.statusCode === 201)).toBe(true);

    const target = await freshTarget();
    await restore(target, file);
    const restored = new Client(await appOn(target));
    expect((await restored.post('/api/login', { username: user.username, password })).statusCode).toBe(200);
    const list = await restored.get('/api/albums');
    expect(list.statusCode).toBe(200);
    // Whatever had committed when the copy was taken, and nothing else: every album whole and valid.
    for (const album of list.json<{ title: string; collection: string }[]>()) {
      expect(titles).toContain(album.title);
      expect(album.collection).toBe('Busy');
    }
  });

  it('refuses to overwrite a target that holds data unless forced, then replaces it', async () => {
    const file = await backup(t.config, path.join(workDir, 'backups-2'));
    // The source app itself is a non-empty target.
    await expect(restore(t.config, file)).rejects.toThrow(BackupError);
    await expect(restore(t.config, file)).rejects.toThrow(/already (holds data|has tables).*--force/);

    const target = await freshTarget();
    await restore(target, file);
    const app = await appOn(target);
    // Data written after the restore is gone after a forced restore of the same backup.
    const newcomer = await signUp(app);
    await app.close();
    await restore(target, file, { force: true });
    const again = await appOn(target);
    expect(
      (await new Client(again).post('/api/login', { username: newcomer.user.username, password: newcomer.password })).statusCode,
    ).toBe(401);
    await expectEverythingIn(again);
  });

  it('refuses a file that is not a backup of this engine, and a missing file', async () => {
    const target = await freshTarget();
    const bogus = path.join(workDir, 'not-a-backup.bin');
    writeFileSync(bogus, 'hello');
    await expect(restore(target, bogus)).rejects.toThrow(/is not a (SQLite|PostgreSQL) backup/);
    await expect(restore(target, path.join(workDir, 'missing.dump'))).rejects.toThrow(/No such backup file/);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { takeExclusiveLock } from '../db/data-dir-lock.js';
import { Client, createPostgresDatabase, createTestApp, signUp, testDbKind, TEST_SCRYPT, type TestApp } from '../test/harness.js';
import { backup, restore } from './backup.js';

let t: TestApp;
let workDir: string;
let file: string;
let collector: { username: string; password: string };
const cleanups: (() => Promise<void> | void)[] = [];

async function freshTarget(): Promise<Config> {
  const dataDir = mkdtempSync(path.join(workDir, 'target-'));
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (testDbKind === 'postgres') {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  return loadConfig(env);
}

const appOn = (config: Config): Promise<FastifyInstance> =>
  buildApp({ config, passwordCost: TEST_SCRYPT, logger: false, webRoot: path.join(config.dataDir, 'no-web'), mailWorker: false });

async function signsIn(app: FastifyInstance, who: { username: string; password: string }): Promise<number> {
  return (await new Client(app).post('/api/login', who)).statusCode;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'spindle-restore-guard-'));
  t = await createTestApp({}, { mailWorker: false });
  const { user, password } = await signUp(t.app);
  collector = { username: user.username, password };
  file = await backup(t.config, path.join(workDir, 'backups'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe(`restore under a live app (${testDbKind})`, () => {
  it('refuses a forced restore while an app runs on the target, changes nothing, and restores once it has stopped', async () => {
    const target = await freshTarget();
    await restore(target, file);
    const live = await appOn(target);
    const newcomer = await signUp(live);
    await expect(restore(target, file, { force: true })).rejects.toThrow(/stop every app instance/);
    // Nothing was replaced: the account made after the first restore still signs in.
    expect(await signsIn(live, { username: newcomer.user.username, password: newcomer.password })).toBe(200);
    await live.close();

    await restore(target, file, { force: true });
    const again = await appOn(target);
    cleanups.push(() => again.close());
    expect(await signsIn(again, collector)).toBe(200);
    expect(await signsIn(again, { username: newcomer.user.username, password: newcomer.password })).toBe(401);
  });

  it.runIf(testDbKind === 'sqlite')('an app does not start on a DATA_DIR while a restore holds it', async () => {
    const target = await freshTarget();
    const lock = takeExclusiveLock(target.dataDir);
    try {
      await expect(appOn(target)).rejects.toThrow(/a restore is running on DATA_DIR/);
    } finally {
      lock.release();
    }
    const app = await appOn(target);
    await app.close();
  });

  it.runIf(testDbKind === 'postgres')('creates the PostgreSQL database DATABASE_URL names when it is missing', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const name = `spindle_t_missing_${randomBytes(4).toString('hex')}`;
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const target = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(workDir, 'pg-')),
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
    });
    await restore(target, file);
    const app = await appOn(target);
    cleanups.push(() => app.close());
    expect(await signsIn(app, collector)).toBe(200);
  });
});

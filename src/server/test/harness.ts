import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { ScryptCost } from '../security/password.js';

/** A cheap scrypt cost so the suite is not dominated by hashing; production uses OWASP_SCRYPT. */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** Which database this Vitest project runs on (vitest.config.ts sets it per project). */
export const testDbKind = (process.env.SPINDLE_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: the postgres test project needs it');
  const name = `spindle_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An app on its own fresh database (a temp SQLite file, or a new PostgreSQL database). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<BuildOptions, 'config'>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-test-'));
  const pgDb = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  // The minute-by-minute operational checks stay off: tests run them when they mean to.
  const app = await buildApp({ config, passwordCost: TEST_SCRYPT, logger: false, webRoot: path.join(dataDir, 'no-web'), operationalMonitor: false, ...options });
  return {
    app,
    config,
    async close() {
      await app.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SESSION_COOKIES = new Set(['spindle_session', '__Host-spindle_session']);
const KEPT_COOKIES = new Set([...SESSION_COOKIES, 'spindle_shelf', '__Host-spindle_shelf']);

/** A signed-in client: remembers the session cookie (and the offline shelf's marker) like a browser. */
export class Client {
  /** The session cookie as `name=value`, or '' (tests may set it to replay an old session). */
  cookie = '';
  /** The other cookies the app sets that a browser would send back, by name. */
  readonly otherCookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const sent = [this.cookie, ...[...this.otherCookies].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('; ');
    const headers = { ...(options.headers ?? {}), ...(sent ? { cookie: sent } : {}) };
    const response = await this.app.inject({ ...options, headers });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const [name, value] = pair.split('=');
      if (!name || !KEPT_COOKIES.has(name)) continue;
      const cleared = !value || /expires=Thu, 01 Jan 1970/i.test(line);
      if (SESSION_COOKIES.has(name)) this.cookie = cleared ? '' : `${name}=${value}`;
      else if (cleared) this.otherCookies.delete(name);
      else this.otherCookies.set(name, value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

let counter = 0;
/** Registers a fresh user and returns a client signed in as them. */
export async function signUp(
  app: FastifyInstance,
  fields: { username?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ client: Client; user: { id: number; username: string }; password: string }> {
  const client = new Client(app);
  const password = fields.password ?? 'correct horse battery';
  const username = fields.username ?? `user${++counter}-${randomBytes(3).toString('hex')}@example.com`;
  const response = await client.post('/api/register', { username, password, firstName: fields.firstName ?? 'Test', lastName: fields.lastName ?? 'User' });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { client, user: response.json(), password };
}

/** Stores a stand-in image row for `userId` straight in the database (tests of what deletes it). */
export async function insertStoredImage(app: FastifyInstance, userId: number, name: string): Promise<void> {
  await app.ctx.db
    .insertInto('images')
    .values({ name, user_id: userId, content_type: 'image/png', data: Buffer.from('png'), width: 1, height: 1, sha256: name, created_at: new Date().toISOString() })
    .execute();
}

/** Whether an image row of that name is still stored. */
export async function storedImageExists(app: FastifyInstance, name: string): Promise<boolean> {
  return (await app.ctx.db.selectFrom('images').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
}

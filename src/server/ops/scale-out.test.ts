import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { multipart } from '../features/cover-art/cover-art.test-support.js';
import { jpeg } from '../features/cover-art/fixtures/images.js';
import { AMOEBA, ROUGH_TRADE } from '../features/record-stores/record-stores.test-support.js';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../test/fake-musicbrainz.js';
import { startFakeNominatim, type FakeNominatim } from '../test/fake-nominatim.js';
import { createPostgresDatabase, testDbKind, TEST_SCRYPT } from '../test/harness.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';

/** A browser-like HTTP client: keeps the session cookie, sends JSON. */
class HttpClient {
  cookie = '';
  constructor(private readonly base: string) {}

  async send(method: string, url: string, body?: unknown, base = this.base) {
    const isForm = body instanceof FormLike;
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(isForm ? body.headers : body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: isForm ? new Uint8Array(body.payload) : body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith('spindle_session=')) this.cookie = /expires=Thu, 01 Jan 1970/i.test(line) ? '' : pair;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      upstream: response.headers.get('x-upstream'),
      bytes,
      json: <T>() => JSON.parse(bytes.toString()) as T,
    };
  }
  get = (url: string, base?: string) => this.send('GET', url, undefined, base);
  post = (url: string, body?: unknown, base?: string) => this.send('POST', url, body, base);
}

class FormLike {
  constructor(
    readonly payload: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

// Scale-out (docs/operations.md#past-one-machine): two app instances on one PostgreSQL behind a round-robin
// proxy share everything a user or an outside service can notice. Skipped only without TEST_DATABASE_URL (CI
// sets it).
describe.runIf(testDbKind === 'postgres')('two instances on one PostgreSQL behind a round-robin proxy', () => {
  const instances: FastifyInstance[] = [];
  const urls: string[] = [];
  let proxy: RoundRobinProxy;
  let musicBrainz: FakeMusicBrainz;
  let geocoder: FakeNominatim;
  let smtp: SmtpSink;
  let dropDatabase: () => Promise<void>;
  let config: Config;
  const password = 'correct horse battery';

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    [musicBrainz, geocoder, smtp] = await Promise.all([startFakeMusicBrainz(), startFakeNominatim(), startSmtpSink()]);
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      // Each instance has its own disk: nothing may depend on one DATA_DIR.
      DATA_DIR: '/nonexistent-shared-dir',
      MUSICBRAINZ_URL: musicBrainz.url,
      COVER_ART_ARCHIVE_URL: musicBrainz.url,
      GEOCODER_URL: geocoder.url,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: 'admin@spindle.test',
      ADMIN_PASSWORD: 'admin-password-scale',
    });
    for (let i = 0; i < 2; i++) {
      // Each instance from a fresh module registry, as in its own process: no module-level state
      // (queues, caches) is shared in memory, only the database.
      vi.resetModules();
      const { buildApp } = await import('../app.js');
      const dataDir = mkdtempSync(path.join(tmpdir(), `spindle-instance-${i}-`));
      const app = await buildApp({
        config: { ...config, dataDir },
        passwordCost: TEST_SCRYPT,
        logger: false,
        webRoot: path.join(dataDir, 'no-web'),
        testAllowedPrivateHosts: ['127.0.0.1'],
        // The test drives both outbox workers itself, at the same moment, to race them.
        mailWorker: false,
      });
      instances.push(app);
      urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    }
    proxy = await startRoundRobinProxy(urls);
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    for (const app of instances) await app.close();
    await Promise.all([musicBrainz?.close(), geocoder?.close(), smtp?.stop()]);
    await dropDatabase?.();
  });

  async function newUser(name: string) {
    const client = new HttpClient(proxy.url);
    const username = `${name}-${Date.now()}@example.com`;
    const registered = await client.post('/api/register', { username, password, firstName: 'Scale', lastName: 'Out' });
    expect(registered.status).toBe(201);
    return { client, username, id: registered.json<{ id: number }>().id };
  }

  it('a user signs in on one instance and carries on on the other', async () => {
    const { client, username } = await newUser('carry-on');
    client.cookie = '';
    const login = await client.post('/api/login', { username, password });
    expect(login.status).toBe(200);
    const steps = [
      await client.get('/api/user'),
      await client.post('/api/collections', { name: 'Jazz' }),
      await client.post('/api/albums', { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis' }),
      await client.get('/api/albums'),
      await client.get('/api/collections'),
    ];
    expect(steps.map((s) => s.status)).toEqual([200, 201, 201, 200, 200]);
    // Round robin: the sign-in and the calls after it were served by both instances in turn.
    expect(new Set([login.upstream, ...steps.map((s) => s.upstream)])).toEqual(new Set(['0', '1']));
    expect(steps[3]!.json<{ title: string }[]>().map((a) => a.title)).toEqual(['Kind of Blue']);
  });

  it('a cover uploaded through one instance is served by the other', async () => {
    const { client } = await newUser('cover');
    const body = multipart([
      { name: 'file', value: await jpeg({ r: 10, g: 120, b: 200 }), filename: 'cover.jpg', contentType: 'image/jpeg' },
    ]);
    const uploaded = await client.post('/api/cover-art/upload', new FormLike(body.payload, body.headers), urls[0]);
    expect(uploaded.status).toBe(200);
    const { url } = uploaded.json<{ url: string }>();
    const fromFirst = await client.get(url, urls[0]);
    const fromSecond = await client.get(url, urls[1]);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.bytes.equals(fromFirst.bytes)).toBe(true);
  });

  it('shares the login limit: failures spread over both instances lock the account on both', async () => {
    const { username } = await newUser('limits');
    const guesser = new HttpClient(proxy.url);
    const answers = [];
    // MAX_FAILURES_PER_ACCOUNT is 10: each instance sees only half of these.
    for (let i = 0; i < 10; i++) answers.push(await guesser.post('/api/login', { username, password: `wrong-${i}` }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(['0', '1']));
    for (const base of urls) {
      const locked = await guesser.post('/api/login', { username, password }, base);
      expect(locked.status).toBe(429);
    }
  });

  it('paces MusicBrainz for both instances together: one request a second', async () => {
    const a = await newUser('mb-a');
    const b = await newUser('mb-b');
    musicBrainz.reset();
    const search = (client: HttpClient, base: string, title: string) =>
      client.get(`/api/cover-art?${new URLSearchParams({ title, artist: 'Someone' }).toString()}`, base);
    const answers = await Promise.all([
      search(a.client, urls[0]!, 'First'),
      search(b.client, urls[1]!, 'Second'),
      search(a.client, urls[0]!, 'Third'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const arrivals = musicBrainz
      .searchRequests()
      .map((r) => r.at)
      .sort((x, y) => x - y);
    expect(arrivals).toHaveLength(3);
    // The shared pacer hands out slots 1.1 s apart; arrivals must be at least a second apart.
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('paces the geocoder for both instances together: one request a second', async () => {
    const a = await newUser('geo-a');
    const b = await newUser('geo-b');
    geocoder.reset();
    const answers = await Promise.all([
      a.client.post('/api/record-stores', AMOEBA, urls[0]),
      b.client.post('/api/record-stores', ROUGH_TRADE, urls[1]),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const arrivals = geocoder
      .searches()
      .map((r) => r.at)
      .sort((x, y) => x - y);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1000);
  });

  it('shares the mail queue: both workers racing send each mail exactly once', async () => {
    const before = smtp.received.length;
    const subjects = Array.from({ length: 12 }, (_, i) => `Scale-out mail ${i}`);
    for (const [i, subject] of subjects.entries()) {
      await instances[i % 2]!.ctx.mail.enqueue({
        idempotencyKey: `scale-out-${i}`,
        kind: 'test',
        to: `reader${i}@example.com`,
        subject,
        text: 'Hello',
        html: '<p>Hello</p>',
      });
    }
    // The same mail queued again on the other instance is still one mail.
    await instances[1]!.ctx.mail.enqueue({
      idempotencyKey: 'scale-out-0',
      kind: 'test',
      to: 'reader0@example.com',
      subject: subjects[0]!,
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    for (let round = 0; round < 3; round++) await Promise.all(instances.map((app) => app.ctx.mail.flush()));
    const sent = smtp.received.slice(before).map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim());
    expect(sent.sort()).toEqual([...subjects].sort());
  });

  it('an administrator’s pause on one instance signs the user out on the other at the next call', async () => {
    const { client, id } = await newUser('paused');
    expect((await client.get('/api/user', urls[1])).status).toBe(200);
    const admin = new HttpClient(urls[0]!);
    expect((await admin.post('/api/login', { username: 'admin@spindle.test', password: 'admin-password-scale' })).status).toBe(
      200,
    );
    await pauseUser(admin, id);
    expect((await client.get('/api/user', urls[1])).status).toBe(401);
    expect((await client.get('/api/albums', urls[0])).status).toBe(401);
  });
});

/** PUT /api/admin/users/:id/status through the instance the administrator is signed in on. */
async function pauseUser(admin: HttpClient, userId: number): Promise<void> {
  const answer = await admin.send('PUT', `/api/admin/users/${userId}/status`, { status: 'paused' });
  expect(answer.status).toBe(200);
  expect(answer.json()).toEqual({ id: userId, accountStatus: 'paused' });
}

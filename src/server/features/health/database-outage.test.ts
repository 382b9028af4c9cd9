import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/infrastructure-errors.js';
import { createPostgresDatabase, createTestApp, signUp, testDbKind, type TestApp } from '../../test/harness.js';
import { TcpProxy } from '../../ops/faults/tcp-proxy.js';

// PostgreSQL stopped mid-load (docs/product/api.md#database). The shared server is never stopped: the app reaches its own
// database through a TCP proxy, and the test cuts the proxy (what a stopped server looks like to the
// app: connections reset, new ones refused) or makes it swallow connections (an unreachable host).
describe.runIf(testDbKind === 'postgres')('PostgreSQL going away under load', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let client: Awaited<ReturnType<typeof signUp>>['client'];
  let created = 0;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const via = new URL(database.url);
    via.hostname = '127.0.0.1';
    via.port = String(await proxy.start());
    t = await createTestApp({ DATABASE_URL: via.toString() });
    ({ client } = await signUp(t.app));
    expect((await client.post('/api/collections', { name: 'Jazz' })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await drop();
  });

  /** One round of what a collector does: read their user and albums, add an album. */
  const round = async () => {
    const answers = await Promise.all([
      client.get('/api/user'),
      client.get('/api/albums'),
      client.post('/api/albums', { collection: 'Jazz', title: `Take ${++created}`, artist: 'Dave Brubeck' }),
    ]);
    return answers;
  };

  const expectUnavailable = (response: Awaited<ReturnType<typeof client.get>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  };

  it('answers 503 with Retry-After while the database is down, never 500, and recovers without a restart', async () => {
    for (const response of await round()) expect(response.statusCode).toBeLessThan(300);

    // Load in flight when the database stops: every request settles, as a success or a 503.
    const inFlight = Array.from({ length: 8 }, () => round());
    await proxy.cut();
    const settled = (await Promise.all(inFlight)).flat();
    for (const response of settled) {
      if (response.statusCode >= 300) expectUnavailable(response);
    }

    // Down: each kind of call answers 503 with the same message; health says so too.
    for (const response of await round()) expectUnavailable(response);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toMatchObject({ status: 'error', message: 'Database unreachable' });

    // Back: the same app, no restart, answers again and nothing acknowledged was lost.
    await proxy.restore();
    const acknowledged = settled.filter((r) => r.statusCode === 201).map((r) => r.json<{ title: string }>().title);
    const after = await client.get('/api/albums');
    expect(after.statusCode).toBe(200);
    const titles = after.json<{ title: string }[]>().map((a) => a.title);
    for (const title of acknowledged) expect(titles).toContain(title);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 rather than hanging when connections are accepted but never answered, and recovers', async () => {
    await proxy.hang();
    // Each waits at most the pool's connection timeout (DB_CONNECT_TIMEOUT_MS), then says so.
    for (const response of await round()) expectUnavailable(response);
    await proxy.restore();
    for (const response of await round()) expect(response.statusCode).toBeLessThan(300);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, signUp, testDbKind, type TestApp } from '../../test/harness.js';

const TOKEN = 'a-metrics-token-long-enough-1234';
// A port of this suite's own range with nothing listening: SMTP there fails at once.
const DEAD_SMTP = 'smtp://127.0.0.1:4635';

/** The value of one sample line, e.g. `spindle_mail_outbox{status="pending"}`. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is off: 404, whatever the Authorization', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('refuses a token shorter than 16 characters at start-up', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response;
  };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: DEAD_SMTP }, { mailWorker: false });
  });
  afterAll(() => t.close());

  it('answers 401 without the right bearer token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text format with Node metrics: event-loop lag and process memory', async () => {
    const response = await scrape();
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by method, route pattern and status with durations, never by raw URL', async () => {
    const { client } = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await client.get(`/api/albums/98765${i}?secret=q${i}`)).statusCode).toBe(404);
    expect((await client.get('/api/albums')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route-4242' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-route-4242' })).statusCode).toBe(404);
    const { body } = await scrape();
    expect(body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/albums/:id",status_code="404"}')).toBe(3);
    expect(sample(body, 'http_request_duration_seconds_bucket{method="GET",route="/api/albums/:id",status_code="404",le="+Inf"}')).toBe(3);
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/albums",status_code="200"}')).toBe(1);
    expect(sample(body, 'http_request_duration_seconds_count{method="POST",route="/api/register",status_code="201"}')).toBe(1);
    // Unknown paths count under the pattern that answered them: the web app's catch-all, or "unmatched".
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/*",status_code="404"}')).toBe(1);
    expect(sample(body, 'http_request_duration_seconds_count{method="DELETE",route="unmatched",status_code="404"}')).toBe(1);
    expect(sample(body, 'http_request_duration_seconds_sum{method="GET",route="/api/albums",status_code="200"}')).toBeGreaterThan(0);
    // Buckets are cumulative: each at least the one before.
    const buckets = body.split('\n').filter((l) => l.startsWith('http_request_duration_seconds_bucket{method="GET",route="/api/albums/:id"')).map((l) => Number(l.split(' ')[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    for (const raw of ['98765', 'secret', 'no-such-route-4242']) expect(body).not.toContain(raw);
  });

  it('shows the mail outbox and counts failed sends as they happen', async () => {
    await t.app.ctx.mail.enqueue({ idempotencyKey: 'metrics:1', kind: 'alert', to: 'ops@example.com', subject: 'Hello', text: 'x', html: '<p>x</p>' });
    let body = (await scrape()).body;
    expect(sample(body, 'spindle_mail_outbox{status="pending"}')).toBe(1);
    expect(sample(body, 'spindle_mail_send_failures_total')).toBe(0);
    expect(await t.app.ctx.mail.flush()).toBe(1);
    body = (await scrape()).body;
    expect(sample(body, 'spindle_mail_send_failures_total')).toBe(1);
    expect(sample(body, 'spindle_mail_outbox_retrying')).toBe(1);
    expect(sample(body, 'spindle_mail_outbox{status="sent"}')).toBe(0);
  });

  it('shows the MusicBrainz and geocoder queues, the data directory space and, on PostgreSQL, the pool', async () => {
    // Three calls' worth of MusicBrainz slots reserved ahead (by any instance).
    await t.app.ctx.db
      .insertInto('settings')
      .values({ key: 'musicbrainz_next_slot', value: String(Date.now() + 3 * 1100 - 50) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(Date.now() + 3 * 1100 - 50) }))
      .execute();
    const { body } = await scrape();
    expect(sample(body, 'spindle_upstream_queue_depth{upstream="musicbrainz"}')).toBe(3);
    expect(sample(body, 'spindle_upstream_queue_depth{upstream="geocoder"}')).toBe(0);
    expect(sample(body, 'spindle_data_dir_bytes{kind="free"}')).toBeGreaterThan(0);
    expect(sample(body, 'spindle_data_dir_bytes{kind="total"}')).toBeGreaterThan(0);
    expect(sample(body, 'spindle_database_errors_total')).toBe(0);
    if (testDbKind === 'postgres') {
      expect(sample(body, 'spindle_db_pool_connections{state="max"}')).toBe(20);
      expect(sample(body, 'spindle_db_pool_connections{state="open"}')).toBeGreaterThan(0);
      // The scrape's own queries may be waiting for a connection being opened.
      expect(sample(body, 'spindle_db_pool_connections{state="waiting"}')).toBeTypeOf('number');
      expect(sample(body, 'spindle_db_pool_acquired_total')).toBeGreaterThan(0);
      expect(sample(body, 'spindle_db_pool_waits_total')).toBeGreaterThanOrEqual(0);
    } else {
      expect(body).not.toContain('spindle_db_pool_connections');
    }
  });
});

describe('overload and pool waits in the metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, MAX_IN_FLIGHT: '1', MAX_QUEUED: '0', DB_POOL_MAX: '1' });
  });
  afterAll(() => t.close());

  it('counts the 503s of the overload guard', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/register', payload: { username: `load${i}@example.com`, password: 'correct horse battery', firstName: 'A', lastName: 'B' } }),
      ),
    );
    const shed = answers.filter((a) => a.statusCode === 503).length;
    expect(shed).toBeGreaterThan(0);
    const { body } = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(body, 'spindle_overload_shed_total')).toBe(shed);
    expect(sample(body, 'http_request_duration_seconds_count{method="POST",route="/api/register",status_code="503"}')).toBe(shed);
  });

  it.runIf(testDbKind === 'postgres')('counts the waits for a PostgreSQL connection when the pool is all busy', async () => {
    // Health is exempt from the overload guard; ten at once on one connection must queue for it.
    await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
    const { body } = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(body, 'spindle_db_pool_connections{state="max"}')).toBe(1);
    expect(sample(body, 'spindle_db_pool_waits_total')).toBeGreaterThan(0);
    expect(sample(body, 'spindle_db_pool_wait_seconds_total')).toBeGreaterThan(0);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Behind one reverse proxy (nginx's $proxy_add_x_forwarded_for appends the address it saw to whatever
// the client sent): the client controls every X-Forwarded-For entry but the last, so only the count of
// trusted hops may decide which entry is the client.
const PROXY = '10.0.0.2';
const SEEN_BY_PROXY = '203.0.113.77';
const forged = () => `${[1, 2, 3, 4].map(() => randomBytes(1)[0]).join('.')}, ${SEEN_BY_PROXY}`;
const wrongLogin = (t: TestApp, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'wrong password' },
  });

describe('TRUST_PROXY=1: the client is the address the one proxy in front saw', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('40 failed logins with a made-up leftmost X-Forwarded-For each time meet a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await wrongLogin(t, forged())).statusCode);
    // 30 failures per address, then 429 (with Retry-After) for the rest.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const limited = await wrongLogin(t, forged());
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address seen by the proxy is not limited.
    expect((await wrongLogin(t, `${SEEN_BY_PROXY}, 198.51.100.9`)).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as the proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('stops at the first address that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await wrongLogin(t, forged())).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../test/fake-musicbrainz.js';
import { NOT_PUBLIC_MESSAGE, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.js';

let fake: FakeMusicBrainz;
beforeAll(async () => {
  fake = await startFakeMusicBrainz();
});
afterAll(() => fake.close());

const base: SafeFetchOptions = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5000, maxRedirects: 3, userAgent: 'Spindle/test ( test@example.com )' };
const allowFake: SafeFetchOptions = { ...base, firstHopPrivateHosts: ['127.0.0.1'] };

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('safe fetcher', () => {
  it('refuses loopback, private and link-local addresses without connecting', async () => {
    const before = fake.requests.length;
    for (const url of [
      `${fake.url}/web/cover.png`,
      `http://2130706433:${fake.port}/web/cover.png`,
      `http://0x7f000001:${fake.port}/web/cover.png`,
      `http://[::1]:${fake.port}/web/cover.png`,
      `http://[::ffff:127.0.0.1]:${fake.port}/web/cover.png`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error = await refusal(safeFetch(url, base));
      expect(error.status).toBe(400);
      expect(error.message).toBe(NOT_PUBLIC_MESSAGE);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect((await refusal(safeFetch('file:///etc/passwd', base))).message).toBe(NOT_PUBLIC_MESSAGE);
    expect((await refusal(safeFetch('ftp://example.com/a.png', base))).message).toBe(NOT_PUBLIC_MESSAGE);
    expect((await refusal(safeFetch('not a url', base))).message).toBe(NOT_PUBLIC_MESSAGE);
    const credentials = await refusal(safeFetch(`http://user:pw@127.0.0.1:${fake.port}/web/cover.png`, allowFake));
    expect(credentials.message).toBe('Image addresses must not contain a user name or password');
  });

  it('refuses a host name that resolves to a private address (checked after DNS)', async () => {
    const resolve = async () => [{ address: '10.1.2.3', family: 4 as const }];
    expect((await refusal(safeFetch('http://images.example.test/a.png', { ...base, resolve }))).message).toBe(NOT_PUBLIC_MESSAGE);
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    expect((await refusal(safeFetch('http://images.example.test/a.png', { ...base, resolve: mixed }))).message).toBe(NOT_PUBLIC_MESSAGE);
  });

  it('connects only to the address it checked: one lookup, and the socket goes there', async () => {
    let lookups = 0;
    const resolve = async (host: string) => {
      lookups++;
      expect(host).toBe('covers.fake.test');
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    // The name exists nowhere but in our resolver, so a second (system) lookup could not succeed.
    const result = await safeFetch(`http://covers.fake.test:${fake.port}/web/cover.png`, {
      ...base,
      resolve,
      firstHopPrivateHosts: ['covers.fake.test'],
    });
    expect(lookups).toBe(1);
    expect(result.body.subarray(1, 4).toString()).toBe('PNG');
    expect(fake.requests.at(-1)?.headers.host).toBe(`covers.fake.test:${fake.port}`);
  });

  it('lets the test allowance reach the fake on the first hop only: a redirect to loopback is refused', async () => {
    const ok = await safeFetch(`${fake.url}/web/cover.jpg`, allowFake);
    expect(ok.body[0]).toBe(0xff);
    const target = encodeURIComponent(`http://127.0.0.1:${fake.port}/web/cover.jpg`);
    const error = await refusal(safeFetch(`${fake.url}/web/redirect?to=${target}`, allowFake));
    expect(error.message).toBe(NOT_PUBLIC_MESSAGE);
    const viaLocalhost = encodeURIComponent(`http://localhost:${fake.port}/web/cover.jpg`);
    expect((await refusal(safeFetch(`${fake.url}/web/redirect?to=${viaLocalhost}`, allowFake))).message).toBe(NOT_PUBLIC_MESSAGE);
    const toFile = encodeURIComponent('file:///etc/passwd');
    expect((await refusal(safeFetch(`${fake.url}/web/redirect?to=${toFile}`, allowFake))).message).toBe(NOT_PUBLIC_MESSAGE);
  });

  it('follows redirects within an operator-trusted origin, and only while the chain stays there', async () => {
    const trusted = { ...base, trustedOrigins: [fake.url] };
    const inside = encodeURIComponent(`${fake.url}/web/cover.gif`);
    const result = await safeFetch(`${fake.url}/web/redirect?to=${inside}`, trusted);
    expect(result.url).toBe(`${fake.url}/web/cover.gif`);
    expect(result.body.subarray(0, 3).toString()).toBe('GIF');
    // A chain that starts elsewhere gains nothing from the trusted origin.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const outsider = await refusal(
      safeFetch(`http://elsewhere.test:${fake.port}/web/redirect?to=${inside}`, { ...trusted, resolve, firstHopPrivateHosts: ['elsewhere.test'] }),
    );
    expect(outsider.message).toBe(NOT_PUBLIC_MESSAGE);
  });

  it('follows at most 3 redirects', async () => {
    const trusted = { ...base, trustedOrigins: [fake.url] };
    let url = `${fake.url}/web/cover.png`;
    for (let i = 0; i < 3; i++) url = `${fake.url}/web/redirect?to=${encodeURIComponent(url)}`;
    expect((await safeFetch(url, trusted)).url).toBe(`${fake.url}/web/cover.png`);
    const fourth = `${fake.url}/web/redirect?to=${encodeURIComponent(url)}`;
    const error = await refusal(safeFetch(fourth, trusted));
    expect(error.message).toBe('The image address redirected too many times');
  });

  it('stops reading past the size cap while streaming', async () => {
    const error = await refusal(safeFetch(`${fake.url}/web/huge`, allowFake));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The image is larger than 5 MB');
  });

  it('gives up after its time limit', async () => {
    const started = Date.now();
    const error = await refusal(safeFetch(`${fake.url}/web/slow`, { ...allowFake, timeoutMs: 300 }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The image took too long to download');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports an upstream error status as a failed download', async () => {
    const error = await refusal(safeFetch(`${fake.url}/web/missing.png`, allowFake));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The image could not be downloaded (the server answered 404)');
  });
});

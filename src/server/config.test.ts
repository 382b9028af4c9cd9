import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000', databaseUrl: undefined, secureCookies: false, admin: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('derives PUBLIC_URL from PORT and marks cookies Secure for an https PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const https = loadConfig({ PUBLIC_URL: 'https://spindle.example/' });
    expect(https.publicUrl).toBe('https://spindle.example');
    expect(https.secureCookies).toBe(true);
    // Only a defaulted PUBLIC_URL lets the origin a request was addressed to count as the app's (CSRF).
    expect(https.publicUrlIsDefault).toBe(false);
    expect(loadConfig({ PORT: '8080' }).publicUrlIsDefault).toBe(true);
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be a URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example:587' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).mail.smtpUrl).toBe('smtps://user:pass@mail.example:465');
    expect(() => loadConfig({ PORT: 'not-a-port' })).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('holds DB_POOL_MAX PostgreSQL connections per instance, 20 unless set', () => {
    expect(loadConfig({}).dbPoolMax).toBe(20);
    expect(loadConfig({ DB_POOL_MAX: '40' }).dbPoolMax).toBe(40);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ DB_POOL_MAX: 'many' })).toThrow(/DB_POOL_MAX/);
  });

  it('bootstraps an administrator only when both ADMIN_EMAIL and ADMIN_PASSWORD are set', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co' }).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough' }).admin).toEqual({ email: 'a@b.co', password: 'long-enough' });
  });

  it('keeps Stripe test and live keys apart; the generic names fill the slot their key names (none: the demo)', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_1' }).stripe).toEqual({
      test: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', priceId: 'price_1' },
      live: undefined,
      apiUrl: undefined,
    });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_TEST_SECRET_KEY: 'sk_test_2', STRIPE_TEST_WEBHOOK_SECRET: 'whsec_2' }).stripe).toEqual({
      test: { secretKey: 'sk_test_2', webhookSecret: 'whsec_2', priceId: undefined },
      live: { secretKey: 'sk_live_1', webhookSecret: undefined, priceId: undefined },
      apiUrl: undefined,
    });
    expect(loadConfig({ STRIPE_LIVE_SECRET_KEY: 'rk_live_3', STRIPE_API_URL: 'http://127.0.0.1:9' }).stripe).toEqual({
      test: undefined,
      live: { secretKey: 'rk_live_3', webhookSecret: undefined, priceId: undefined },
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('gives in-flight requests SHUTDOWN_GRACE_MS after SIGTERM, 6 s unless set', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(6000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('.env.example names every setting the app reads, and nothing else', () => {
    const documented = [...readFileSync('.env.example', 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('takes only an http:// or https:// PUBLIC_URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'http://records.example:8080' }).publicUrl).toBe('http://records.example:8080');
  });

  it('TRUST_PROXY: false, a hop count, a list of proxy addresses or CIDRs, or true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '1.5', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be false, a hop count/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration (D3)', () => {
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
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('bootstraps an administrator only when both ADMIN_EMAIL and ADMIN_PASSWORD are set', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co' }).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough' }).admin).toEqual({ email: 'a@b.co', password: 'long-enough' });
  });
});

import { defineConfig } from 'vitest/config';

// npm run test:security: the attack suite against the running app over HTTP (README "Security tests").
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (required in CI, like the API tests).
const projects = [{ name: 'security-sqlite', db: 'sqlite' }];
if (process.env.TEST_DATABASE_URL) projects.push({ name: 'security-postgres', db: 'postgres' });
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI needs TEST_DATABASE_URL: the PostgreSQL security tests must not be skipped');
}

export default defineConfig({
  test: {
    projects: projects.map(({ name, db }) => ({
      test: {
        name,
        root: import.meta.dirname + '/..',
        include: ['security/**/*.test.ts'],
        // The browser checks drive one Chromium: once, on SQLite.
        exclude: db === 'postgres' ? ['security/**/*.browser.test.ts'] : [],
        environment: 'node',
        env: { SPINDLE_TEST_DB: db },
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    })),
  },
});

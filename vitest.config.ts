import { defineConfig } from 'vitest/config';

// Every API test file runs once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
// In CI a missing database is a failure, not a skip (see .ci/run).
const projects = [{ name: 'sqlite', db: 'sqlite' }];
if (process.env.TEST_DATABASE_URL) projects.push({ name: 'postgres', db: 'postgres' });
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI needs TEST_DATABASE_URL: the PostgreSQL tests must not be skipped');
}

export default defineConfig({
  test: {
    projects: [
      ...projects.map(({ name, db }) => ({
        test: {
          name,
          include: ['src/server/**/*.test.ts'],
          // The server-process and configuration tests do not depend on the database: SQLite runs them once.
          exclude: db === 'postgres' ? ['src/server/main.test.ts', 'src/server/config.test.ts'] : [],
          environment: 'node',
          env: { SPINDLE_TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          name: 'unit',
          include: ['src/common/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
    ],
  },
});

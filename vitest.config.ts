import { defineConfig } from 'vitest/config';

// Every API test file runs once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
// In CI a missing database is a failure, not a skip (see .ci/run).
const databases = [{ name: 'sqlite', db: 'sqlite' }];
if (process.env.TEST_DATABASE_URL) databases.push({ name: 'postgres', db: 'postgres' });
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI needs TEST_DATABASE_URL: the PostgreSQL tests must not be skipped');
}

// Most files wait on HTTP and the database far more than on the CPU, so three run at once on two
// cores. These measure a whole server process under load (a SIGTERM with requests in flight, a kill -9,
// a full disk, start-up and deployment steps, pings during a pathological upload): with other files
// competing for the CPU they would measure the competition. They run afterwards, one at a time.
const alone = [
  'src/server/ops/faults/faults.test.ts',
  'src/server/ops/deploy.test.ts',
  'src/server/main.test.ts',
  'src/server/features/import/import-stall.test.ts',
];
// The server-process and configuration tests do not depend on the database: SQLite runs them once.
const sqliteOnly = ['src/server/main.test.ts', 'src/server/config.test.ts'];

const api = (name: string, db: string, together: boolean) => ({
  test: {
    name: together ? name : `${name}-alone`,
    include: together ? ['src/server/**/*.test.ts'] : alone,
    exclude: [...(together ? alone : []), ...(db === 'postgres' ? sqliteOnly : [])],
    environment: 'node',
    env: { SPINDLE_TEST_DB: db },
    // The files that run together share their worker's modules instead of loading the whole server
    // again for each file (about 1.5 s of CPU each, half the suite's time). Safe because each test builds
    // its own app: what the server keeps lives in that app (WeakMaps keyed by its context), no server
    // test mocks a module, and the few module-level values (a purge clock, the hashing slots, a
    // bounded cache of shelf markers) are the same whichever app asks. The files that run alone
    // measure a whole process and keep their own.
    isolate: !together,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: together ? 3 : 1,
    sequence: { groupOrder: together ? 0 : 1 },
  },
});

export default defineConfig({
  test: {
    projects: [
      ...databases.map(({ name, db }) => api(name, db, true)),
      {
        test: {
          name: 'unit',
          include: ['src/common/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.{mjs,ts}'],
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      ...databases.map(({ name, db }) => api(name, db, false)),
    ],
  },
});

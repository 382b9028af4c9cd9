import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A missing browser is a failure, never a skip: a skipped suite would pass CI untested.
if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);

const port = Number(process.env.E2E_PORT ?? 4317);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `spindle-e2e-${port}`);
/** Where the test SMTP server (global setup, on E2E_PORT + 2) writes each mail it receives. */
export const E2E_MAIL_DIR = path.join(tmpdir(), `spindle-e2e-mail-${port}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  projects: [
    { name: 'journeys', testIgnore: '**/admin-testing.spec.ts' },
    // The built-in test runner checks the whole shared database (orphans, keys, counts, every table's
    // rows before and after its workflow): it runs once the other journeys are done changing it.
    { name: 'whole-system', testMatch: '**/admin-testing.spec.ts', dependencies: ['journeys'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // Playwright starts the server before global setup, so the fresh data directory is made here.
    command: `rm -rf '${E2E_DATA_DIR}' && node dist/node/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      // Only errors, printed with the run (a 500 in a journey then says why).
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      // The origin the browser uses: checkout return addresses are built from PUBLIC_URL (a CSP
      // form-action 'self' page may only redirect its form posts to its own origin).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'admin@spindle.test',
      ADMIN_PASSWORD: 'admin-password-e2e',
      // The journeys may use the local fake servers that tests start (cover art); see e2e/support.
      MUSICBRAINZ_URL: `http://127.0.0.1:${port + 1}`,
      COVER_ART_ARCHIVE_URL: `http://127.0.0.1:${port + 1}`,
      // Mail goes to the SMTP server that global setup starts (the journeys read it from E2E_MAIL_DIR).
      SMTP_URL: `smtp://127.0.0.1:${port + 2}`,
      // The journeys never reach the internet: tiles come from a local address where nothing listens
      // (a journey that wants a drawn map answers them itself with page.route).
      MAP_TILE_URL: `http://127.0.0.1:${port + 3}/tiles/{z}/{x}/{y}.png`,
      GEOCODER_URL: `http://127.0.0.1:${port + 4}`,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../db/infrastructure-errors.js';
import { canMountTmpfs, diskFull } from './disk-full.js';
import { kill9DuringImport } from './kill9.js';
import { sigtermUnderLoad } from './sigterm.js';
import { testDbKind } from '../../test/harness.js';

// The process-level faults of docs/operations.md#faults-what-happens-measured, against the server built from
// this very source (into a temporary directory, so a stale or concurrent dist/ build cannot stand in for it).
// SQLite only: these are about the app's own file; PostgreSQL's outage is database-outage.test.ts.
describe.runIf(testDbKind === 'sqlite')('faults of the server process', () => {
  let buildDir: string;
  let main: string;
  beforeAll(async () => {
    // Inside the repository, so the build's imports find node_modules (.scratch is git-ignored).
    mkdirSync('.scratch', { recursive: true });
    buildDir = mkdtempSync(path.resolve('.scratch/fault-build-'));
    const tsc = spawn(
      process.execPath,
      [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--outDir', buildDir],
      { stdio: 'inherit' },
    );
    expect(await new Promise((resolve) => tsc.once('exit', resolve))).toBe(0);
    main = path.join(buildDir, 'server', 'main.js');
  }, 180_000);
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

  it('kill -9 during a bulk import of 1,000 albums: after restart every acknowledged album is there and integrity_check passes', async () => {
    const report = await kill9DuringImport({ total: 1000, killAfter: 500, main });
    expect(report.acknowledged).toBeGreaterThanOrEqual(500);
    expect(report.lostAfterRestart).toBe(0);
    expect(report.integrity).toBe('ok');
    expect(report.completedAfterRestart).toBe(true);
    // Generous: 1,000 creates and 18 full-cost password hashes on a 2-core machine shared with other tests.
  }, 400_000);

  it('SIGTERM under load: every request in flight finishes, and the process exits 0', async () => {
    const report = await sigtermUnderLoad({ main });
    expect(report.inFlightAtSigterm).toBeGreaterThan(0);
    expect(report.inFlightFinished).toBe(report.inFlightAtSigterm);
    expect(report.statuses['500']).toBeUndefined();
    expect(report.exitCode).toBe(0);
  }, 240_000);

  // Needs root to mount a small tmpfs as DATA_DIR (CI runs as root); elsewhere this one is skipped.
  it.runIf(canMountTmpfs())(
    'a full disk: a clear 507 with a message, reads go on, writes recover once space returns, the database intact',
    async () => {
      const report = await diskFull({ main });
      expect(report.whenFull).toEqual({
        status: 507,
        code: 'INSUFFICIENT_STORAGE',
        message: STORAGE_FULL_MESSAGE,
        retryAfter: '60',
      });
      expect(report.readsWhileFull).toBe(5);
      // The header and every stored album (20 at least): the export cannot be kept on disk, so it is streamed.
      expect(report.exportWhileFull.status).toBe(200);
      expect(report.exportWhileFull.lines).toBeGreaterThanOrEqual(21);
      expect(report.serverAliveWhileFull).toBe(true);
      expect(report.afterSpaceReturns).toBe(201);
      expect(report.acknowledgedLost).toBe(0);
      expect(report.integrity).toBe('ok');
      expect(report.logged.some((line) => line.includes('SQLITE_FULL'))).toBe(true);
    },
    120_000,
  );
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SQLITE_FILE } from '../backup.js';
import { albumTitles, collector, SessionClient, signIn, sqliteIntegrity, startServer } from './server-process.js';

export interface DiskFullReport {
  /** Status, code and message of an album create on the full disk (expected 507 INSUFFICIENT_STORAGE). */
  whenFull: { status: number; code: string | undefined; message: string | undefined; retryAfter: string | null };
  /** Reads still answered while full. */
  readsWhileFull: number;
  /** A CSV export while full: it cannot be kept on disk, so it is streamed (status, lines). */
  exportWhileFull: { status: number; lines: number };
  /** Status of a sign-in while full (it writes a session). */
  signInWhileFull: number;
  serverAliveWhileFull: boolean;
  /** Status of the first create once space returned (no restart). */
  afterSpaceReturns: number;
  acknowledgedLost: number;
  integrity: string;
  /** What the server logged for the failed write (its `msg` and the error's code). */
  logged: string[];
}

/** Whether this process may mount a tmpfs (root, and a kernel/container that allows it). */
export function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(tmpdir(), 'spindle-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Writes zeros into `file` until the file system says ENOSPC. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // Fill the last partial block too.
    for (let size = 32 * 1024; size >= 512; size /= 2) {
      try {
        for (;;) writeSync(fd, block.subarray(0, size));
      } catch {
        /* next, smaller */
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A full disk under SQLite: DATA_DIR is a small tmpfs (mounted here; needs root), the app runs and
 * holds data, then a filler file takes every free byte. Writes must answer a clear 507 with a
 * message (not a bare 500), reads must go on, the server must stay up; once the filler is removed,
 * writes work again without a restart, and the database is intact with every acknowledged album.
 */
export async function diskFull(options: { sizeMb?: number; main?: string } = {}): Promise<DiskFullReport> {
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'spindle-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${options.sizeMb ?? 16}m`, 'tmpfs', mountPoint]);
  const filler = path.join(mountPoint, 'filler');
  try {
    const env = { DATA_DIR: mountPoint, DATABASE_URL: '' };
    const server = await startServer(env, options.main);
    const username = 'full-disk@example.com';
    const client = await collector(server.base, username);
    const acknowledged: string[] = [];
    const create = async (title: string) => {
      const answer = await client.send('POST', '/api/albums', { collection: 'Imports', title, artist: 'Fault Injection' });
      if (answer.status === 201) acknowledged.push(title);
      return answer;
    };
    for (let i = 0; i < 20; i++) await create(`Before ${i}`);

    fillDisk(filler);
    // Several writes: the first may still fit in a page SQLite had already; the disk is full after.
    let full = await create('While full 0');
    for (let i = 1; i < 20 && full.status === 201; i++) full = await create(`While full ${i}`);
    const body = (() => {
      try {
        return JSON.parse(full.body) as { code?: string; message?: string };
      } catch {
        return {};
      }
    })();
    let readsWhileFull = 0;
    for (let i = 0; i < 5; i++) if ((await client.send('GET', '/api/albums')).status === 200) readsWhileFull++;
    const exported = await client.send('GET', '/api/export/albums');
    const exportWhileFull = { status: exported.status, lines: exported.body.trim().split('\n').length };
    const signInWhileFull = (
      await new SessionClient(server.base).send('POST', '/api/login', { username, password: 'fault-password-1' })
    ).status;
    const alive = (await fetch(`${server.base}/api/ping`)).ok;
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'))
      .map((line) => {
        const entry = JSON.parse(line) as { msg?: string; err?: { code?: string; message?: string } };
        return `${entry.msg ?? ''} (${entry.err?.code ?? ''}: ${entry.err?.message ?? ''})`;
      });

    rmSync(filler);
    const afterSpaceReturns = (await create('After space returns')).status;
    server.child.kill('SIGTERM');
    await server.exited;

    const integrity = await sqliteIntegrity(path.join(mountPoint, SQLITE_FILE));
    const again = await startServer(env, options.main);
    const titles = new Set(await albumTitles(await signIn(again.base, username)));
    again.child.kill('SIGTERM');
    await again.exited;
    return {
      whenFull: { status: full.status, code: body.code, message: body.message, retryAfter: full.headers.get('retry-after') },
      readsWhileFull,
      exportWhileFull,
      signInWhileFull,
      serverAliveWhileFull: alive,
      afterSpaceReturns,
      acknowledgedLost: acknowledged.filter((title) => !titles.has(title)).length,
      integrity,
      logged: [...new Set(logged)],
    };
  } finally {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    } catch {
      /* already unmounted */
    }
    rmSync(mountPoint, { recursive: true, force: true });
  }
}

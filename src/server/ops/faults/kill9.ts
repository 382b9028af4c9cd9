import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SQLITE_FILE } from '../backup.js';
import { albumTitles, collector, signIn, sqliteIntegrity, startServer, type SessionClient } from './server-process.js';

export interface Kill9Report {
  albumsPlanned: number;
  /** Creates answered 201 before the kill. */
  acknowledged: number;
  /** Of those, missing after the restart (must be 0). */
  lostAfterRestart: number;
  /** Albums found after the restart that had been sent but not acknowledged (committed as the process died). */
  unacknowledgedButKept: number;
  /** Requests that failed because the process was killed under them. */
  cutOff: number;
  integrity: string;
  /** Whether the rest of the import went through after the restart. */
  completedAfterRestart: boolean;
  restartMs: number;
}

const USERS = 9; // 120 album creations a minute per account: 9 accounts take 1,000 in one go
const CONCURRENCY = 8;

/**
 * kill -9 during a bulk import of `total` albums (single creates, `CONCURRENCY` at a time, as the
 * app has no bulk route) into SQLite, once `killAfter` are acknowledged; then a restart on the same
 * DATA_DIR: every acknowledged album must be there and the file must pass integrity_check.
 */
export async function kill9DuringImport(
  options: { total?: number; killAfter?: number; dataDir?: string; main?: string } = {},
): Promise<Kill9Report> {
  const total = options.total ?? 1000;
  const killAfter = options.killAfter ?? Math.floor(total / 2);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'spindle-kill9-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    let server = await startServer(env, options.main);
    const usernames = Array.from({ length: USERS }, (_, i) => `importer${i}@example.com`);
    const clients: SessionClient[] = [];
    for (const name of usernames) clients.push(await collector(server.base, name));

    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    let cutOff = 0;
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < total && !killed) {
        const index = next++;
        const title = `Import ${index}`;
        sent.add(title);
        try {
          const answer = await clients[index % USERS]!.send('POST', '/api/albums', {
            collection: 'Imports',
            title,
            artist: 'Fault Injection',
          });
          if (answer.status === 201) acknowledged.add(title);
          else throw new Error(`create ${title}: ${answer.status} ${answer.body}`);
        } catch (error) {
          if (!killed) throw error;
          cutOff++;
        }
        if (acknowledged.size >= killAfter && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await server.exited;

    // The database as the killed process left it: WAL and all, before any restart recovers it.
    const integrity = await sqliteIntegrity(path.join(dataDir, SQLITE_FILE));
    const started = Date.now();
    server = await startServer(env, options.main);
    const restartMs = Date.now() - started;
    const found = new Set<string>();
    const after: SessionClient[] = [];
    for (const name of usernames) {
      const client = await signIn(server.base, name);
      after.push(client);
      for (const title of await albumTitles(client)) found.add(title);
    }
    const lost = [...acknowledged].filter((title) => !found.has(title)).length;
    const kept = [...found].filter((title) => !acknowledged.has(title) && sent.has(title)).length;

    // The import carries on where it stopped: the rest goes in on the restarted server.
    let completed = true;
    for (let index = 0; index < total; index++) {
      const title = `Import ${index}`;
      if (found.has(title)) continue;
      const answer = await after[index % USERS]!.send('POST', '/api/albums', {
        collection: 'Imports',
        title,
        artist: 'Fault Injection',
      });
      if (answer.status !== 201) completed = false;
    }
    let count = 0;
    for (const client of after) count += (await albumTitles(client)).length;
    server.child.kill('SIGTERM');
    await server.exited;
    return {
      albumsPlanned: total,
      acknowledged: acknowledged.size,
      lostAfterRestart: lost,
      unacknowledgedButKept: kept,
      cutOff,
      integrity,
      completedAfterRestart: completed && count === total,
      restartMs,
    };
  } finally {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { collector, startServer, type SessionClient } from './server-process.js';
import { TcpProxy } from './tcp-proxy.js';

interface PhaseFigures {
  requests: number;
  statuses: Record<string, number>;
  /** Latency of the answers in this phase, milliseconds. */
  p50Ms: number;
  maxMs: number;
  /** Answers that were 503 with a Retry-After header. */
  withRetryAfter: number;
}

export interface PgOutageReport {
  before: PhaseFigures;
  /** PostgreSQL stopped: connections reset, new ones refused. */
  stopped: PhaseFigures;
  /** PostgreSQL unreachable: connections accepted, never answered. */
  unreachable: PhaseFigures;
  after: PhaseFigures;
  /** From the proxy's restore to the first 2xx answer, milliseconds (the app was not restarted). */
  recoveryMs: number;
  exitCode: number | null;
}

/**
 * PostgreSQL gone mid-load, for the built server as its own process. The shared server is never
 * stopped: the app reaches a database of its own through a TCP proxy that is cut (a stopped server)
 * and then made to swallow connections (an unreachable one). `baseUrl` names any database on the
 * server (TEST_DATABASE_URL); a temporary database is created beside it and dropped after.
 */
export async function pgOutage(
  baseUrl: string,
  options: { clients?: number; phaseMs?: number; main?: string } = {},
): Promise<PgOutageReport> {
  const name = `spindle_fault_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(baseUrl);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  try {
    const via = new URL(baseUrl);
    via.pathname = `/${name}`;
    via.hostname = '127.0.0.1';
    via.port = String(await proxy.start());
    const server = await startServer({ DATABASE_URL: via.toString() }, options.main);
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => collector(server.base, `outage${i}@example.com`)));

    type Phase = 'before' | 'stopped' | 'unreachable' | 'after';
    let phase = 'before' as Phase;
    const samples: Record<Phase, { status: number | 'none'; ms: number; retryAfter: boolean }[]> = {
      before: [],
      stopped: [],
      unreachable: [],
      after: [],
    };
    let restoredAt = 0;
    let firstOkAfter = 0;
    let running = true;
    let n = 0;
    const loop = async (client: SessionClient) => {
      while (running) {
        const started = Date.now();
        const at = phase;
        const kind = ++n % 3;
        let status: number | 'none' = 'none';
        let retryAfter = false;
        try {
          const answer =
            kind === 0
              ? await client.send('POST', '/api/albums', {
                  collection: 'Imports',
                  title: `Outage ${n}`,
                  artist: 'Fault Injection',
                })
              : await client.send('GET', kind === 1 ? '/api/albums' : '/api/user');
          status = answer.status;
          retryAfter = answer.status === 503 && answer.headers.get('retry-after') !== null;
        } catch {
          /* no answer */
        }
        samples[at].push({ status, ms: Date.now() - started, retryAfter });
        if (at === 'after' && typeof status === 'number' && status < 300 && !firstOkAfter) firstOkAfter = Date.now();
        // A client that gets 429 (120 creations a minute) or 503 waits a little, as the app asks.
        if (status === 429 || status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const phaseMs = options.phaseMs ?? 4000;
    const clients = Array.from({ length: options.clients ?? 16 }, (_, i) => loop(users[i % users.length]!));
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await wait(phaseMs / 2);
    phase = 'stopped';
    await proxy.cut();
    await wait(phaseMs);
    phase = 'unreachable';
    await proxy.hang();
    await wait(phaseMs);
    phase = 'after';
    await proxy.restore();
    restoredAt = Date.now();
    await wait(phaseMs / 2);
    running = false;
    await Promise.all(clients);
    server.child.kill('SIGTERM');
    const exitCode = await server.exited;

    const figures = (list: (typeof samples)['before']): PhaseFigures => {
      const ms = list.map((s) => s.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const s of list) statuses[String(s.status)] = (statuses[String(s.status)] ?? 0) + 1;
      return {
        requests: list.length,
        statuses,
        p50Ms: ms[Math.floor(ms.length / 2)] ?? 0,
        maxMs: ms[ms.length - 1] ?? 0,
        withRetryAfter: list.filter((s) => s.retryAfter).length,
      };
    };
    return {
      before: figures(samples.before),
      stopped: figures(samples.stopped),
      unreachable: figures(samples.unreachable),
      after: figures(samples.after),
      recoveryMs: firstOkAfter ? firstOkAfter - restoredAt : -1,
      exitCode,
    };
  } finally {
    await proxy.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

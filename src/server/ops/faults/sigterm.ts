import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collector, startServer } from './server-process.js';

export interface SigtermReport {
  requestsSent: number;
  /** Requests the server had logged as arriving before it logged the shutdown. */
  inFlightAtSigterm: number;
  /** Of those, how many got a complete answer below 500 (must be all). */
  inFlightFinished: number;
  /** Statuses of every answer received, counted. */
  statuses: Record<string, number>;
  /** Requests that got no answer at all (refused after the server stopped listening, or cut). */
  noAnswer: number;
  exitCode: number | null;
  /** From SIGTERM to the process's exit. */
  shutdownMs: number;
}

/**
 * SIGTERM under load: `clients` clients keep reading and writing (album list, album creates, and
 * registrations, which hash with the production scrypt cost and so are long in flight), each
 * request tagged `?probe=N` so the server's own log tells which had arrived before the shutdown
 * began. Every one of those must finish with an answer; the process must exit 0.
 */
export async function sigtermUnderLoad(
  options: { clients?: number; warmupMs?: number; main?: string } = {},
): Promise<SigtermReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spindle-sigterm-'));
  try {
    // debug: the request log's arrival line (`incoming request`) tells which requests had arrived.
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'debug' }, options.main);
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => collector(server.base, `steady${i}@example.com`)));
    let probe = 0;
    let stop = false;
    const answers = new Map<number, number | 'none'>();
    const loop = async (index: number) => {
      const client = users[index % users.length]!;
      while (!stop) {
        const id = ++probe;
        const kind = id % 5;
        try {
          const answer =
            kind === 0
              ? await client.send('POST', `/api/register?probe=${id}`, {
                  username: `probe${id}@example.com`,
                  password: 'fault-password-1',
                })
              : kind === 1
                ? await client.send('POST', `/api/albums?probe=${id}`, {
                    collection: 'Imports',
                    title: `Probe ${id}`,
                    artist: 'Load',
                  })
                : await client.send('GET', `/api/albums?probe=${id}`);
          answers.set(id, answer.status);
        } catch {
          answers.set(id, 'none');
          // Refused: the server has stopped listening. Stop this client.
          return;
        }
      }
    };
    const clients = Array.from({ length: options.clients ?? 24 }, (_, i) => loop(i));
    await new Promise((resolve) => setTimeout(resolve, options.warmupMs ?? 1500));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    stop = true;
    await Promise.all(clients);

    // The log in order: probes seen before the "shutting down" line were in flight when it began.
    const inFlight = new Set<number>();
    for (const line of server.output().split('\n')) {
      if (line.includes('"msg":"shutting down')) break;
      const match =
        /"msg":"incoming request".*?\?probe=(\d+)/.exec(line) ?? /\?probe=(\d+)".*?"msg":"incoming request"/.exec(line);
      if (match) inFlight.add(Number(match[1]));
    }
    const statuses: Record<string, number> = {};
    for (const status of answers.values()) statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
    const finished = [...inFlight].filter((id) => {
      const status = answers.get(id);
      return typeof status === 'number' && status < 500;
    }).length;
    return {
      requestsSent: probe,
      inFlightAtSigterm: inFlight.size,
      inFlightFinished: finished,
      statuses,
      noAnswer: [...answers.values()].filter((s) => s === 'none').length,
      exitCode,
      shutdownMs,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server's entry (dist/node/server/main.js), beside this file once compiled. */
export const SERVER_MAIN = path
  .resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main.js')
  .replace(
    `${path.sep}src${path.sep}server${path.sep}main.js`,
    `${path.sep}dist${path.sep}node${path.sep}server${path.sep}main.js`,
  );

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far (its JSON log). */
  output(): string;
}

/** Starts the built server as its own process (production mode) and waits until /api/health answers. */
export async function startServer(env: Record<string, string>, main = SERVER_MAIN): Promise<ServerProcess> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build:server first`);
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up (${String(child.exitCode)}): ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, exited, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

/** A client that keeps the session cookie, like a browser (no Origin header: a script, not a page). */
export class SessionClient {
  cookie = '';
  constructor(readonly base: string) {}

  async send(method: string, url: string, body?: unknown): Promise<{ status: number; body: string; headers: Headers }> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith('spindle_session=')) this.cookie = /expires=Thu, 01 Jan 1970/i.test(line) ? '' : pair;
    }
    return { status: response.status, body: await response.text(), headers: response.headers };
  }
}

/** Registers (or signs in) a user with one collection named Imports; answers its client. */
export async function collector(base: string, username: string, password = 'fault-password-1'): Promise<SessionClient> {
  const client = new SessionClient(base);
  const registered = await client.send('POST', '/api/register', { username, password, firstName: 'Fault', lastName: 'Test' });
  if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status} ${registered.body}`);
  const collection = await client.send('POST', '/api/collections', { name: 'Imports' });
  if (collection.status !== 201) throw new Error(`collection: ${collection.status} ${collection.body}`);
  return client;
}

/** Signs in again (after a restart the old session still works; this checks the password path too). */
export async function signIn(base: string, username: string, password = 'fault-password-1'): Promise<SessionClient> {
  const client = new SessionClient(base);
  const answer = await client.send('POST', '/api/login', { username, password });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${answer.body}`);
  return client;
}

export const albumTitles = async (client: SessionClient): Promise<string[]> => {
  const answer = await client.send('GET', '/api/albums');
  if (answer.status !== 200) throw new Error(`album list: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { title: string }[]).map((album) => album.title);
};

/** `PRAGMA integrity_check` and `foreign_key_check` of a SQLite file: 'ok' or the problems found. */
export async function sqliteIntegrity(file: string): Promise<string> {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    return integrity === 'ok' && foreignKeys.length === 0
      ? 'ok'
      : `${String(integrity)}; foreign key problems: ${foreignKeys.length}`;
  } finally {
    db.close();
  }
}

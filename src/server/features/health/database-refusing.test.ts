import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, infrastructureFailure } from '../../db/infrastructure-errors.js';
import { checkOperationalAlerts } from '../admin/operational-alerts/operational-alerts.service.js';
import { createTestApp, signUp, testDbKind, type Client, type TestApp } from '../../test/harness.js';

/** Runs one statement on the shared server as the superuser (outside the app's own database). */
async function asAdministrator(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Closes every connection the app holds, so its next query must open a new one. */
const closeAppConnections = (database: string) =>
  asAdministrator(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`);

type Answer = Awaited<ReturnType<Client['get']>>;
const expectUnavailable = (response: Answer) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
};

/** What a collector does: read their user and albums, add a collection; and a visitor registering. */
async function calls(t: TestApp, client: Client): Promise<Answer[]> {
  return [
    await client.get('/api/user'),
    await client.get('/api/albums'),
    await client.post('/api/collections', { name: `Box ${randomBytes(3).toString('hex')}` }),
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: `r${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery', firstName: 'A', lastName: 'B' },
    }),
  ];
}

describe.runIf(testDbKind === 'postgres')('a database that refuses new connections', () => {
  let t: TestApp;
  let client: Client;
  let database: string;

  beforeAll(async () => {
    t = await createTestApp();
    database = new URL(t.config.databaseUrl!).pathname.slice(1);
    ({ client } = await signUp(t.app));
  });
  afterAll(async () => {
    await asAdministrator(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    await t.close();
  });

  it('answers every call 503 with Retry-After while connections are not allowed (55000), like health, and recovers', async () => {
    await asAdministrator(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await closeAppConnections(database);
    for (const response of await calls(t, client)) expectUnavailable(response);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    await asAdministrator(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    for (const response of await calls(t, client)) expect(response.statusCode).toBeLessThan(300);
    // The administrators' Database Errors alert saw it.
    const { alerts } = await checkOperationalAlerts(t.app.ctx);
    expect(alerts.find((a) => a.kind === 'database_errors')).toMatchObject({ active: true, message: expect.stringMatching(/^Requests failed because the database was unavailable \((\d+) since/) });
  });
});

describe.runIf(testDbKind === 'postgres')('a database with no connection left for the app (too many connections)', () => {
  const role = `spindle_t_role_${randomBytes(4).toString('hex')}`;
  const database = `spindle_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    // Connection limits do not bind superusers, so the app connects as an ordinary role owning its database.
    await asAdministrator(`CREATE ROLE ${role} LOGIN`);
    await asAdministrator(`CREATE DATABASE ${database} OWNER ${role}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = role;
    url.password = '';
    url.pathname = `/${database}`;
    t = await createTestApp({ DATABASE_URL: url.toString() });
    ({ client } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
    await asAdministrator(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asAdministrator(`DROP ROLE IF EXISTS ${role}`);
  });

  it('answers 503 with Retry-After (53300), and recovers once connections are free again', async () => {
    await asAdministrator(`ALTER ROLE ${role} CONNECTION LIMIT 0`);
    await closeAppConnections(database);
    for (const response of await calls(t, client)) expectUnavailable(response);

    await asAdministrator(`ALTER ROLE ${role} CONNECTION LIMIT -1`);
    for (const response of await calls(t, client)) expect(response.statusCode).toBeLessThan(300);
  });
});

describe('which database errors mean "unavailable"', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

  it('classifies a server starting up or shutting down, too many connections and connection exceptions as unavailable', () => {
    for (const code of ['57P03', '57P01', '57P02', '53300', '08006', '08001', 'ECONNREFUSED']) {
      expect(infrastructureFailure(pgError(code))?.status, code).toBe(503);
    }
  });

  it('leaves ordinary query errors alone (a unique violation, a syntax error, a 55000 raised by a query)', () => {
    for (const code of ['23505', '42601', '55000', '22P02']) expect(infrastructureFailure(pgError(code)), code).toBeUndefined();
  });
});

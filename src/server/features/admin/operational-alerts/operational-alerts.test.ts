import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationalAlerts } from '../../../../common/admin-operational-alerts.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../../test/harness.js';

const ADMIN = { username: 'admin@example.com', password: 'admin-password' };
// A port of this suite's own range with nothing listening: SMTP there fails at once.
const DEAD_SMTP = 'smtp://127.0.0.1:4636';

async function adminClient(t: TestApp): Promise<Client> {
  const admin = new Client(t.app);
  expect((await admin.post('/api/login', ADMIN)).statusCode).toBe(200);
  return admin;
}

const alertsMails = (t: TestApp) => t.app.ctx.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', 'Spindle: %').execute();

describe('operational alerts: mail failing', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: DEAD_SMTP }, { mailWorker: false, operationalMonitor: false });
    admin = await adminClient(t);
  });
  afterAll(() => t.close());

  const read = async () => {
    const response = await admin.get('/api/admin/operational-alerts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<OperationalAlerts>();
    return Object.fromEntries(body.alerts.map((a) => [a.kind, a]));
  };

  it('answers 401 signed out and 403 to a non-administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operational-alerts' })).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    expect((await client.get('/api/admin/operational-alerts')).statusCode).toBe(403);
  });

  it('is quiet while nothing is wrong', async () => {
    const alerts = await read();
    expect(Object.keys(alerts)).toEqual(['mail_failing', 'database_errors', 'disk_nearly_full']);
    for (const alert of Object.values(alerts)) expect(alert).toMatchObject({ active: false, since: null });
    expect(await alertsMails(t)).toEqual([]);
  });

  it('raises Mail Failing after the first failed try, mails the administrators once, and clears when mail goes out', async () => {
    await t.app.ctx.mail.enqueue({ idempotencyKey: 'reset:1', kind: 'password-reset', to: 'collector@example.com', subject: 'Reset your Spindle password', text: 'x', html: 'x' });
    expect(await t.app.ctx.mail.flush()).toBe(1); // the first try fails (nothing listens)
    const alerts = await read();
    expect(alerts.mail_failing).toMatchObject({ active: true });
    expect(alerts.mail_failing!.since).toBeTruthy();
    expect(alerts.mail_failing!.message).toMatch(/^1 mail could not be sent \(last error: .+\)\.$/);
    expect(alerts.database_errors!.active).toBe(false);

    // Still failing at the next check: the same episode, no second mail.
    const again = await read();
    expect(again.mail_failing!.since).toBe(alerts.mail_failing!.since);
    const mails = await alertsMails(t);
    expect(mails).toEqual([expect.objectContaining({ to_address: ADMIN.username, subject: 'Spindle: Mail Failing' })]);
    expect(mails[0]!.text_body).toContain('could not be sent');

    // The mail went out after all (SMTP back): the alert clears.
    await t.app.ctx.db.updateTable('mail_outbox').set({ status: 'sent', text_body: null, html_body: null }).execute();
    expect((await read()).mail_failing).toMatchObject({ active: false, since: null, message: 'Mail is being sent.' });
  });
});

describe('operational alerts: disk nearly full', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      { mailWorker: false, operationalMonitor: false, testDiskSpace: { free: 300 * 1024 ** 2, total: 100 * 1024 ** 3 } },
    );
  });
  afterAll(() => t.close());

  it('raises Disk Nearly Full with the free space, and mails the administrators', async () => {
    const admin = await adminClient(t);
    const { alerts } = (await admin.get('/api/admin/operational-alerts')).json<OperationalAlerts>();
    expect(alerts.find((a) => a.kind === 'disk_nearly_full')).toMatchObject({ active: true, message: "0.3 GiB free of 100.0 GiB on the data directory's file system." });
    expect(await alertsMails(t)).toEqual([expect.objectContaining({ to_address: ADMIN.username, subject: 'Spindle: Disk Nearly Full' })]);
  });
});

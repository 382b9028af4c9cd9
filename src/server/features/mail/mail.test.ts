import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { decodeQuotedPrintable, resetLinkIn, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { settleResetRequests } from '../password-reset/password-reset.service.js';
import { sendAlertMail } from './mail-listeners.js';
import { MailService, retryDelayMs } from '../../mail/mail.service.js';
import { createMailTransport } from '../../mail/mail-transport.js';

const forgot = (t: TestApp, email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const outboxRows = (t: TestApp) => t.app.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
const inAnHour = () => new Date(Date.now() + 3_600_000 - 1000);

describe('SMTP (SMTP_URL set)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://spindle.example', MAIL_FROM: 'Spindle <mail@spindle.example>' }, { mailWorker: false });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  afterEach(() => {
    sink.received.length = 0;
  });

  it('delivers the reset mail to a real SMTP server, and its link resets the password', async () => {
    const { user } = await signUp(t.app);
    expect((await forgot(t, user.username)).statusCode).toBe(200);
    await settleResetRequests(t.app.ctx);
    expect(await t.app.ctx.mail.flush()).toBe(1);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual([user.username]);
    expect(mail.from).toBe('mail@spindle.example');
    expect(mail.raw).toMatch(/^Subject: Reset your Spindle password/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const link = resetLinkIn(mail.raw)!;
    expect(link).toMatch(/^https:\/\/spindle\.example\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'from-the-mail-123' } });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'from-the-mail-123' } });
    expect(login.statusCode).toBe(200);
    // The "password changed" mail follows, and the sent mails' bodies (the link) are no longer stored.
    await t.app.ctx.mail.flush();
    expect(sink.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual(['Reset your Spindle password', 'Your Spindle password was changed']);
    const rows = await outboxRows(t);
    expect(rows.every((r) => r.status === 'sent' && r.text_body === null && r.html_body === null)).toBe(true);
  });

  it('answers the request while the SMTP server is down, retries with backoff, and sends once it is back', async () => {
    const { user } = await signUp(t.app);
    await sink.stop();
    try {
      expect((await forgot(t, user.username)).statusCode).toBe(200);
      await settleResetRequests(t.app.ctx);
      const now = new Date();
      expect(await t.app.ctx.mail.flush(now)).toBe(1);
      const [failed] = (await outboxRows(t)).filter((r) => r.to_address === user.username);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed!.last_error).toBeTruthy();
      expect(failed!.next_attempt_at).toBe(new Date(now.getTime() + retryDelayMs(1)).toISOString());
      // Not due again before its backoff ends.
      expect(await t.app.ctx.mail.flush(now)).toBe(0);
    } finally {
      await sink.start();
    }
    expect(await t.app.ctx.mail.flush(new Date(Date.now() + retryDelayMs(1)))).toBe(1);
    expect(sink.received).toHaveLength(1);
    expect(resetLinkIn(sink.received[0]!.raw)).toBeDefined();
    const [sent] = (await outboxRows(t)).filter((r) => r.to_address === user.username);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('survives a restart: a mail queued by one app instance is sent by the next', async () => {
    const { user } = await signUp(t.app);
    await forgot(t, user.username);
    await settleResetRequests(t.app.ctx);
    // A second instance on the same database (the first never sends) takes the queued mail.
    const next = new MailService({ db: t.app.ctx.db, dbKind: t.app.ctx.dbKind, log: t.app.log, transport: createMailTransport(t.config, t.app.log) });
    expect(await next.flush()).toBe(1);
    await next.stop();
    expect(sink.received.map((m) => m.to[0])).toEqual([user.username]);
    expect(await t.app.ctx.mail.flush()).toBe(0);
  });

  it('never sends one mail twice when two instances work the outbox at once', async () => {
    for (let i = 0; i < 12; i++) {
      await t.app.ctx.mail.enqueue({ idempotencyKey: `race:${i}`, kind: 'alert', to: `race${i}@example.com`, subject: `Race ${i}`, text: 'x', html: '<p>x</p>' });
    }
    const other = new MailService({ db: t.app.ctx.db, dbKind: t.app.ctx.dbKind, log: t.app.log, transport: createMailTransport(t.config, t.app.log) });
    const [a, b] = await Promise.all([t.app.ctx.mail.flush(), other.flush()]);
    await other.stop();
    expect(a + b).toBe(12);
    const recipients = sink.received.map((m) => m.to[0]).sort();
    expect(recipients).toEqual(Array.from({ length: 12 }, (_, i) => `race${i}@example.com`).sort());
  });

  it('sends a mail whose worker died once its lease has run out, and not before', async () => {
    await t.app.ctx.mail.enqueue({ idempotencyKey: 'lease:1', kind: 'alert', to: 'lease@example.com', subject: 'Lease', text: 'x', html: 'x' });
    // A worker claimed it and died before settling it.
    const claimedAt = new Date();
    await t.app.ctx.db
      .updateTable('mail_outbox')
      .set({ lease_owner: 'dead-worker', lease_until: new Date(claimedAt.getTime() + 5 * 60_000).toISOString(), attempts: 1 })
      .where('idempotency_key', '=', 'lease:1')
      .execute();
    expect(await t.app.ctx.mail.flush(claimedAt)).toBe(0);
    expect(await t.app.ctx.mail.flush(new Date(claimedAt.getTime() + 5 * 60_000 + 1))).toBe(1);
    expect(sink.received.map((m) => m.to[0])).toEqual(['lease@example.com']);
  });

  it('queues a mail once per idempotency key', async () => {
    const alert = { key: 'history-42', to: 'ops@example.com', title: 'User count reached', message: 'There are now 100 users.' };
    await sendAlertMail(t.app.ctx, alert);
    await sendAlertMail(t.app.ctx, alert);
    expect(await t.app.ctx.mail.flush()).toBe(1);
    expect(sink.received).toHaveLength(1);
    const raw = decodeQuotedPrintable(sink.received[0]!.raw);
    expect(raw).toMatch(/^Subject: Spindle alert: User count reached/m);
    expect(raw).toContain('There are now 100 users.');
    expect(raw).toContain('https://spindle.example/admin');
  });

  it('does not send a reset mail whose link has expired meanwhile', async () => {
    const { user } = await signUp(t.app);
    await forgot(t, user.username);
    await settleResetRequests(t.app.ctx);
    expect(await t.app.ctx.mail.flush(new Date(Date.now() + 3_600_000 + 1000))).toBe(1);
    expect(sink.received).toHaveLength(0);
    const [row] = (await outboxRows(t)).filter((r) => r.to_address === user.username);
    expect(row).toMatchObject({ status: 'expired', text_body: null });
  });

  it('mails the subscription notices once each: trial ending, trial ended, payment failed', async () => {
    const who = { userId: 999_001, username: 'notice@example.com', email: 'notice@example.com' };
    const trialEndDate = '2026-12-01T10:00:00.000Z';
    await t.app.ctx.events.emit('trial.ending', { ...who, trialEndDate, daysLeft: 3 });
    await t.app.ctx.events.emit('trial.ending', { ...who, trialEndDate, daysLeft: 3 });
    await t.app.ctx.events.emit('trial.ended', { ...who, trialEndDate });
    await t.app.ctx.events.emit('subscription.payment_failed', who);
    await t.app.ctx.events.emit('subscription.payment_failed', { ...who, email: null });
    expect(await t.app.ctx.mail.flush(inAnHour())).toBe(3);
    const subjects = sink.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(subjects).toEqual(['Your Spindle trial ends in 3 days', 'Your Spindle trial has ended', 'Your Spindle payment failed']);
    expect(decodeQuotedPrintable(sink.received[0]!.raw)).toContain('December 1, 2026');
    expect(sink.received.every((m) => decodeQuotedPrintable(m.raw).includes('https://spindle.example/subscription'))).toBe(true);
  });
});

describe('outbox files (SMTP_URL not set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://spindle.example' }, { mailWorker: false });
  });
  afterAll(() => t.close());

  it('writes a parseable .eml to DATA_DIR/outbox', async () => {
    const { user } = await signUp(t.app);
    await forgot(t, user.username);
    await settleResetRequests(t.app.ctx);
    expect(await t.app.ctx.mail.flush()).toBe(1);
    const dir = path.join(t.config.dataDir, 'outbox');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{6}-password-reset\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    // RFC 5322 lines end in CRLF; the headers end at the first empty line.
    expect(eml).toMatch(/\r\n\r\n/);
    const [head, ...rest] = eml.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head!
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(headers['to']).toBe(user.username);
    expect(headers['from']).toBe('Spindle <no-reply@spindle.local>');
    expect(headers['subject']).toBe('Reset your Spindle password');
    expect(headers['message-id']).toMatch(/^<[0-9a-f]{32}@spindle\.example>$/);
    expect(headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
    const body = rest.join('\r\n\r\n');
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    expect(resetLinkIn(eml)).toMatch(/^https:\/\/spindle\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  });
});

describe('the worker loop', () => {
  it('sends on its own when started (buildApp starts it), and stops with the app', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ SMTP_URL: sink.url });
    try {
      const { user } = await signUp(t.app);
      await forgot(t, user.username);
      await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await t.close();
      await sink.stop();
    }
  });
});

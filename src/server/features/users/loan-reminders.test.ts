import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOAN_REMINDER_MESSAGES } from '../../../common/loans.js';
import { renderHome } from '../../../web/features/collection-home/home-server-render';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum } from '../../test/factories.js';
import { usersRepository } from './users.repository.js';

/**
 * Loan reminders (docs/product/loans.md#reminders): the "remind me after N days" setting, overdue albums counted on the
 * server's UTC day, in analytics and on the server-drawn home, never shown through a share link.
 */
let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({}, { webRoot, homeRender: { renderHome } });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The UTC date `days` before `from` (YYYY-MM-DD). */
function daysBefore(days: number, from: Date = new Date()): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
}

async function lend(userId: number, collection: string, title: string, lentTo: string | null, lentDate: string | null, isLent = true): Promise<number> {
  return (await buildAlbum(t.app, userId, { collection, title, artist: `${title} Band`, isLent, lentTo, lentDate })).id;
}

async function shelf(client: Client, name = 'Shelf'): Promise<void> {
  expect((await client.post('/api/collections', { name })).statusCode).toBe(201);
}

interface Loans {
  reminderDays: number;
  today: string;
  lentCount: number;
  overdueCount: number;
  overdue: { id: number; title: string; artist: string; lentTo: string | null; lentDate: string; collection: string; daysLent: number }[];
}
const loansOf = async (client: Client): Promise<Loans> => {
  const res = await client.get('/api/analytics');
  expect(res.statusCode).toBe(200);
  return res.json<{ loans: Loans }>().loans;
};

/** The drawn home's root markup. */
async function drawnHome(client: Client, url = '/collection'): Promise<string> {
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  const match = /<div id="root"([^>]*)>([\s\S]*)<\/div>(?:<script type="application\/json" id="home-head">[^<]*<\/script>)?<\/body>/.exec(res.body);
  expect(match?.[1]).toContain('data-server-render="home"');
  return match![2]!;
}
const overdueBadges = (html: string) => [...html.matchAll(/data-testid="overdue-badge"[^>]*>([\s\S]*?)<\/span><\/span>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

describe('the "remind me after N days" setting (PUT /api/user/loan-reminders)', () => {
  it('starts at 30 days, shown with the user and the UTC day loans are counted on', async () => {
    const { client } = await signUp(t.app);
    const me = (await client.get('/api/user')).json<{ loanReminders: unknown }>();
    expect(me.loanReminders).toEqual({ days: 30, today: new Date().toISOString().slice(0, 10) });
  });

  it('saves a whole number of days, sent as a number or as the text of the field, and answers the user', async () => {
    const { client } = await signUp(t.app);
    const saved = await client.put('/api/user/loan-reminders', { days: 45 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ loanReminders: { days: 45 } });
    expect((await client.put('/api/user/loan-reminders', { days: ' 7 ' })).json()).toMatchObject({ loanReminders: { days: 7 } });
    expect((await client.get('/api/user')).json()).toMatchObject({ loanReminders: { days: 7 } });
    expect((await client.put('/api/user/loan-reminders', { days: 1 })).statusCode).toBe(200);
    expect((await client.put('/api/user/loan-reminders', { days: 3650 })).statusCode).toBe(200);
  });

  it.each([
    ['12,50', LOAN_REMINDER_MESSAGES.wholeNumber],
    [12.5, LOAN_REMINDER_MESSAGES.wholeNumber],
    ['1e3', LOAN_REMINDER_MESSAGES.wholeNumber],
    ['', LOAN_REMINDER_MESSAGES.wholeNumber],
    [null, LOAN_REMINDER_MESSAGES.wholeNumber],
    ['9'.repeat(400), LOAN_REMINDER_MESSAGES.wholeNumber],
    [0, LOAN_REMINDER_MESSAGES.tooSmall],
    [-5, LOAN_REMINDER_MESSAGES.tooSmall],
    [3651, LOAN_REMINDER_MESSAGES.tooLarge],
    [Number.MAX_SAFE_INTEGER, LOAN_REMINDER_MESSAGES.tooLarge],
  ])('refuses %j with a clear message and changes nothing', async (days, message) => {
    const { client } = await signUp(t.app);
    expect((await client.put('/api/user/loan-reminders', { days: 40 })).statusCode).toBe(200);
    const res = await client.put('/api/user/loan-reminders', { days });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await client.get('/api/user')).json()).toMatchObject({ loanReminders: { days: 40 } });
  });

  it('refuses a body without days, and malformed JSON', async () => {
    const { client } = await signUp(t.app);
    expect((await client.put('/api/user/loan-reminders', {})).statusCode).toBe(400);
    const malformed = await client.request({ method: 'PUT', url: '/api/user/loan-reminders', payload: '{"days": 4', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await client.get('/api/user')).json()).toMatchObject({ loanReminders: { days: 30 } });
  });

  it("changes only the caller's own setting, whatever ids or columns the body names", async () => {
    const victim = await signUp(t.app);
    const { client, user } = await signUp(t.app);
    const res = await client.put('/api/user/loan-reminders', {
      days: 12,
      id: victim.user.id,
      userId: victim.user.id,
      loan_reminder_days: 99,
      isAdmin: true,
      subscriptionStatus: 'active',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, isAdmin: false, loanReminders: { days: 12 } });
    expect((await victim.client.get('/api/user')).json()).toMatchObject({ loanReminders: { days: 30 } });
  });

  it('answers 401 signed out, 402 to a user whose trial has ended, 403 from a foreign Origin; nothing changes', async () => {
    expect((await new Client(t.app).put('/api/user/loan-reminders', { days: 10 })).statusCode).toBe(401);

    const { client, user } = await signUp(t.app);
    const foreign = await client.request({ method: 'PUT', url: '/api/user/loan-reminders', payload: { days: 10 }, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect((await client.get('/api/user')).json()).toMatchObject({ loanReminders: { days: 30 } });

    await usersRepository.update(t.app.ctx.db, user.id, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    const gated = await client.put('/api/user/loan-reminders', { days: 10 });
    expect(gated.statusCode).toBe(402);
    expect((await usersRepository.findById(t.app.ctx.db, user.id))?.loan_reminder_days).toBe(30);
  });
});

describe('overdue loans in analytics (GET /api/analytics → loans)', () => {
  it('counts an album lent exactly N days ago as lent, and one lent N + 1 days ago as overdue (the boundary day)', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Thirty', 'Sam', daysBefore(30));
    const overdueId = await lend(user.id, 'Shelf', 'Thirty-one', 'Kim', daysBefore(31));
    const loans = await loansOf(client);
    expect(loans).toMatchObject({ reminderDays: 30, today: daysBefore(0), lentCount: 2, overdueCount: 1 });
    expect(loans.overdue).toEqual([
      { id: overdueId, title: 'Thirty-one', artist: 'Thirty-one Band', lentTo: 'Kim', lentDate: daysBefore(31), collection: 'Shelf', daysLent: 31 },
    ]);
  });

  it('lists the overdue albums oldest loan first with who has them and since when; undated, future and returned loans are not overdue', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client, 'Jazz');
    await shelf(client, 'Rock');
    const year = await lend(user.id, 'Rock', 'A year out', 'Jo', daysBefore(365));
    const twoMonths = await lend(user.id, 'Jazz', 'Two months out', 'Ed', daysBefore(61));
    await lend(user.id, 'Jazz', 'Lent today', 'Al', null);
    await lend(user.id, 'Jazz', 'Lent next week', 'Bo', daysBefore(-7));
    await lend(user.id, 'Rock', 'Returned', null, null, false);
    const old = await lend(user.id, 'Rock', 'Ten years out', 'Cy', '2016-02-29');
    // A lent album stored without a date (data from before the date defaulted): nothing to count from.
    const undated = await lend(user.id, 'Rock', 'Undated', 'Di', daysBefore(100));
    await t.app.ctx.db.updateTable('albums').set({ lent_date: null }).where('id', '=', undated).execute();

    const loans = await loansOf(client);
    expect(loans.lentCount).toBe(6);
    expect(loans.overdueCount).toBe(3);
    expect(loans.overdue.map((a) => [a.id, a.lentTo, a.collection])).toEqual([
      [old, 'Cy', 'Rock'],
      [year, 'Jo', 'Rock'],
      [twoMonths, 'Ed', 'Jazz'],
    ]);
    expect(loans.overdue.map((a) => a.daysLent)).toEqual([
      Math.round((Date.parse(daysBefore(0)) - Date.parse('2016-02-29')) / 86_400_000),
      365,
      61,
    ]);
  });

  it("never counts another user's albums", async () => {
    const other = await signUp(t.app);
    await shelf(other.client);
    await lend(other.user.id, 'Shelf', 'Not yours', 'Sam', daysBefore(400));
    const { client } = await signUp(t.app);
    await shelf(client);
    const loans = await loansOf(client);
    expect(loans).toEqual({ reminderDays: 30, today: daysBefore(0), lentCount: 0, overdueCount: 0, overdue: [] });
  });

  it('follows a changed setting at once, without any album write (the kept answer is keyed by it)', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Ten days', 'Sam', daysBefore(10));
    expect((await loansOf(client)).overdueCount).toBe(0);
    expect((await client.put('/api/user/loan-reminders', { days: 9 })).statusCode).toBe(200);
    expect(await loansOf(client)).toMatchObject({ reminderDays: 9, overdueCount: 1 });
    expect((await client.put('/api/user/loan-reminders', { days: 10 })).statusCode).toBe(200);
    expect(await loansOf(client)).toMatchObject({ reminderDays: 10, overdueCount: 0 });
  });

  it('follows the day: an album becomes overdue at UTC midnight without any write', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Turns tonight', 'Sam', '2026-03-01');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T23:59:59.000Z'));
    expect(await loansOf(client)).toMatchObject({ today: '2026-03-31', overdueCount: 0 });
    vi.setSystemTime(new Date('2026-04-01T00:00:00.000Z'));
    expect(await loansOf(client)).toMatchObject({ today: '2026-04-01', overdueCount: 1, overdue: [{ title: 'Turns tonight', daysLent: 31 }] });
  });
});

describe('overdue flags on the server-drawn home', () => {
  it('flags an overdue album on its card with the days lent and who has it; a loan within the reminder keeps "Lent to"', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Overdue Record', 'Sam', daysBefore(45));
    await lend(user.id, 'Shelf', 'Recent Record', 'Kim', daysBefore(3));
    const html = await drawnHome(client);
    expect(overdueBadges(html)).toEqual(['Overdue: Lent 45 days · Sam']);
    expect(html).toContain('Lent to Kim');
    // The lending filter is drawn beside the others, at "All albums".
    expect(html).toContain('id="filter-lending"');
    expect(html).toContain('All albums');
  });

  it('a kept drawing never shows a stale flag: the day turning at midnight and a changed setting redraw it', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Midnight Record', 'Sam', '2026-03-01');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T23:59:00.000Z'));
    expect(overdueBadges(await drawnHome(client))).toEqual([]);
    // The same drawing, kept: still the same day.
    expect(overdueBadges(await drawnHome(client))).toEqual([]);
    vi.setSystemTime(new Date('2026-04-01T00:00:30.000Z'));
    expect(overdueBadges(await drawnHome(client))).toEqual(['Overdue: Lent 31 days · Sam']);
    vi.useRealTimers();

    expect((await client.put('/api/user/loan-reminders', { days: 3650 })).statusCode).toBe(200);
    expect(overdueBadges(await drawnHome(client))).toEqual([]);
    expect((await client.put('/api/user/loan-reminders', { days: 30 })).statusCode).toBe(200);
    expect(overdueBadges(await drawnHome(client))).toHaveLength(1);
  });
});

describe('share links never reveal loans', () => {
  it('the shared collection, its albums and its page show neither lending data nor an overdue flag', async () => {
    const { client, user } = await signUp(t.app);
    await shelf(client);
    await lend(user.id, 'Shelf', 'Borrowed Record', 'Secret Borrower', daysBefore(90));
    const [collection] = (await client.get('/api/collections')).json<{ id: number }[]>();
    const share = await client.post(`/api/collections/${collection!.id}/share`);
    expect(share.statusCode).toBe(200);
    const token = share.json<{ shareToken: string }>().shareToken;
    const visitor = new Client(t.app);
    for (const url of [`/api/shared/${token}`, `/api/shared/${token}/albums`, `/api/shared/${token}/artists`, `/shared/${token}`]) {
      const res = await visitor.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(url.endsWith('/artists') ? 'Borrowed Record Band' : url.startsWith('/shared') ? 'Spindle' : url.endsWith('albums') ? 'Borrowed Record' : 'Shelf');
      for (const secret of ['Secret Borrower', 'isLent', 'lentTo', 'lentDate', 'daysLent', 'Overdue', daysBefore(90)]) expect(res.body).not.toContain(secret);
    }
  });
});

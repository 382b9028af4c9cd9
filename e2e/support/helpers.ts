import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.js';

export const uniqueEmail = (prefix = 'collector') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
export const PASSWORD = 'vinyl-lover-123';

/** Registers through the API (fast path for journeys that are not about registration). */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail(), firstName = 'Test', lastName = 'Collector') {
  const res = await request.post('/api/register', { data: { username: email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  return { email, password: PASSWORD, user: (await res.json()) as { id: number; username: string } };
}

/** Signs in through the page's own request context so the browser holds the session cookie. */
export async function signIn(page: Page, email?: string) {
  const account = email ? { email, password: PASSWORD } : await registerViaApi(page.request);
  const res = await page.request.post('/api/login', { data: { username: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return account;
}

/**
 * Changes a user row directly in the e2e server's SQLite database (WAL allows a second writer), for
 * states no screen of this issue can reach yet (paused account, expired trial).
 */
export function updateUser(username: string, fields: Record<string, string | number | null>) {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'spindle.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const sets = Object.keys(fields).map((k) => `${k} = @${k}`).join(', ');
    db.prepare(`UPDATE users SET ${sets} WHERE username = @username`).run({ ...fields, username });
  } finally {
    db.close();
  }
}

/**
 * Forgets the album creations counted against the per-account budgets (at most 120 a minute), for
 * journeys that seed more albums than that through the real API.
 */
export function forgetAlbumCreations() {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'spindle.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`DELETE FROM creation_budget_entries WHERE kind = 'albums'`).run();
  } finally {
    db.close();
  }
}

/**
 * Waits until the app has stored `name` as the selected collection: in localStorage
 * (docs/product/landing.md#browser-storage) and in the cookie the server draws the home from. On a
 * server-drawn page the app stores it once it has taken the page over, a moment after the page shows.
 */
export async function expectStoredSelection(page: Page, name: string) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedCollection'))).toBe(name);
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'spindle_selected_collection')?.value;
  await expect.poll(cookie).toBe(encodeURIComponent(name));
}

/** Errors the page reports: React reports a hydration that did not match as an uncaught error. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

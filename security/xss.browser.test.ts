import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, type Account } from './support/http.js';
import { webBuilt } from './support/server.js';
import { startStage, type Stage } from './support/stage.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, albumBody, storeBody } from './support/world.js';

// Stored XSS: a payload in every text field a user can save, then every page that shows it, in
// Chromium (CHROMIUM_PATH, default Debian's /usr/bin/chromium): no payload runs, and no CSP violation
// is reported (an injected handler or script the CSP blocks still means markup got through).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A payload for field number n, within `max` characters. */
function payload(n: number, max = 200): string {
  const long = `"><img src=x onerror=__xss(${n})><script>__xss(${n})</script><svg onload=__xss(${n})>'"\`</textarea></title>`;
  if (long.length <= max) return long;
  return `"><svg/onload=f(${n})>`.slice(0, max);
}

const FIELDS: string[] = [];
const field = (name: string, max?: number) => {
  FIELDS.push(name);
  return payload(FIELDS.length - 1, max);
};

let stage: Stage;
let browser: Browser;
let victim: Account;
let ids: { albumId: number; shareToken: string; storeShareToken: string };

beforeAll(async () => {
  if (!webBuilt()) throw new Error('the browser checks need the web build: npm run build (npm run test:security runs it)');
  stage = await startStage();
  const url = stage.server.url;
  victim = await register(url, { firstName: field('profile first name', 100), lastName: field('profile last name', 100) });
  const { client } = victim;
  const collection = field('collection name', 100);
  const created = await client.post('/api/collections', { name: collection });
  expect(created.status, created.text).toBe(201);
  const album = await client.post(
    '/api/albums',
    albumBody(collection, {
      title: field('album title'),
      artist: field('album artist'),
      purchaseLocation: field('purchase location'),
      label: field('label'),
      country: field('album country', 100),
      isLent: true,
      lentTo: field('lent to', 100),
      coverUrl: `https://covers.example/${encodeURIComponent(field('cover url'))}"onerror="__xss(99)`,
      genre: 'Jazz',
    }),
  );
  expect(album.status, album.text).toBe(201);
  const store = await client.post(
    '/api/record-stores',
    storeBody({
      name: field('store name'),
      streetAddress: field('street address'),
      city: field('city', 100),
      state: field('state', 100),
      zipCode: field('zip code', 20),
      country: field('store country', 100),
      website: `https://shop.example/?q=${encodeURIComponent(field('website query'))}`,
      notes: field('store notes'),
    }),
  );
  expect(store.status, store.text).toBe(201);
  const collectionId = (created.json as { id: number }).id;
  ids = {
    albumId: (album.json as { id: number }).id,
    shareToken: ((await client.post(`/api/collections/${collectionId}/share`)).json as { shareToken: string }).shareToken,
    storeShareToken: ((await client.post('/api/record-stores/share')).json as { shareToken: string }).shareToken,
  };
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

interface Findings {
  ran: string[];
  violations: string[];
  dialogs: string[];
}

async function newContext(signIn?: { email: string; password: string }): Promise<{ context: BrowserContext; findings: Findings }> {
  const context = await browser.newContext({ baseURL: stage.server.url });
  const findings: Findings = { ran: [], violations: [], dialogs: [] };
  // Nothing leaves the machine (map tiles, remote covers): only the app's own origin is reached.
  await context.route((url) => !url.href.startsWith(stage.server.url), (route) => route.abort());
  await context.exposeFunction('__report', (kind: 'ran' | 'violation', detail: string) => {
    (kind === 'ran' ? findings.ran : findings.violations).push(detail);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __report: (kind: string, detail: string) => void }).__report;
    const ran = (n: unknown) => void report('ran', `${location.pathname}: field ${String(n)}`);
    Object.assign(window, { __xss: ran, f: ran });
    document.addEventListener('securitypolicyviolation', (event) => void report('violation', `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  if (signIn) {
    const res = await context.request.post('/api/login', { data: { username: signIn.email, password: signIn.password } });
    expect(res.status()).toBe(200);
  }
  return { context, findings };
}

async function visit(page: Page, findings: Findings, path: string) {
  page.on('dialog', (dialog) => {
    findings.dialogs.push(`${path}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBeLessThan(400);
  // Give late renders (virtualised grid, maps, lazy chunks) a moment to draw what they will.
  await page.waitForTimeout(300);
  return page.evaluate(() => document.body.innerText);
}

const expectClean = (findings: Findings) => {
  expect(findings.ran, 'payloads that ran').toEqual([]);
  expect(findings.violations, 'CSP violations reported').toEqual([]);
  expect(findings.dialogs, 'dialogs opened').toEqual([]);
};

describe('stored XSS, checked in Chromium', () => {
  it('the detector itself sees markup that reaches the DOM (a blocked handler is a reported violation)', async () => {
    const { context, findings } = await newContext();
    try {
      const page = await context.newPage();
      await visit(page, findings, '/terms-of-service');
      expectClean(findings);
      await page.evaluate(() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="__xss(-1)">');
      });
      await expect.poll(() => findings.violations.length + findings.ran.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('the owner’s pages show every payload as text and run none', async () => {
    const { context, findings } = await newContext({ email: victim.email, password: PASSWORD });
    try {
      const page = await context.newPage();
      const shown: Record<string, string> = {};
      for (const path of ['/', '/collection', '/collections', `/album/${ids.albumId}`, '/profile', '/analytics', '/record-stores', '/subscription']) {
        shown[path] = await visit(page, findings, path);
      }
      expectClean(findings);
      // The payloads reached the pages as text (so the check above looked at real renders).
      expect(shown['/']).toContain('__xss(');
      expect(shown['/record-stores']).toContain('__xss(');
    } finally {
      await context.close();
    }
  });

  it('the public shared pages (and their link previews) show every payload as text and run none', async () => {
    const { context, findings } = await newContext();
    try {
      const page = await context.newPage();
      const collection = await visit(page, findings, `/shared/${ids.shareToken}`);
      const stores = await visit(page, findings, `/record-stores/shared/${ids.storeShareToken}`);
      expectClean(findings);
      expect(collection).toContain('__xss(');
      expect(stores).toContain('__xss(');
      for (const path of [`/shared/${ids.shareToken}`, `/record-stores/shared/${ids.storeShareToken}`]) {
        const html = await (await fetch(stage.server.url + path)).text();
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head, `${path} head`).not.toMatch(/<(img|svg|script)[^>]*__xss/i);
      }
    } finally {
      await context.close();
    }
  });

  it('the administrator’s dashboard shows the user’s names as text and runs none', async () => {
    const { context, findings } = await newContext({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    try {
      const page = await context.newPage();
      await visit(page, findings, '/admin');
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle');
      }
      expectClean(findings);
    } finally {
      await context.close();
    }
  });
});

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { signIn } from './support/helpers';
import { settleAnimations } from './support/axe-check';

// A modal dialog hides the rest of the page from the accessibility tree (Radix), the toast region too.
const toast = (page: Page) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByRole('listitem', { includeHidden: true });
const card = (page: Page, name: string) => page.getByRole('article', { name });

/** One 256 px PNG tile, answered for every tile request where a journey wants a drawn map. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Older stores saved with only the combined address line, written straight into the e2e database. */
function insertOlderStore(userId: number, name: string, address: string) {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'spindle.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('INSERT INTO record_stores (user_id, name, address, created_at) VALUES (?, ?, ?, ?)').run(
      userId,
      name,
      address,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

async function fillStoreForm(page: Page, dialog: ReturnType<Page['getByRole']>, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

test('Record Stores: add, edit and delete a store through the dialogs; its map falls back to the link when tiles cannot load', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/record-stores');
  await expect(page.getByRole('heading', { name: 'Record Stores', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Record Stores Yet' })).toBeVisible();
  await expect(page.getByText("Start tracking the record stores you've visited by adding your first one.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Maps' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Share' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add Your First Record Store' }).click();
  const add = page.getByRole('dialog', { name: 'Add Record Store' });
  await expect(add).toBeVisible();
  await expect(add.getByText('Enter the details of the record store you visited.')).toBeVisible();
  await expect(add.getByLabel('Country', { exact: true })).toHaveValue('USA');
  await add.getByRole('button', { name: 'Add Store' }).click();
  for (const message of [
    'Store name is required',
    'Street address is required',
    'City is required',
    'State/Province is required',
  ]) {
    await expect(add.getByText(message)).toBeVisible();
  }
  await fillStoreForm(page, add, {
    'Store Name': 'Amoeba Music',
    'Street Address': '6400 Sunset Blvd',
    City: 'Los Angeles',
    'State/Province': 'CA',
    'Zip/Postal Code': '90028',
    Website: 'javascript:alert(1)',
    Notes: 'Go on a weekday',
  });
  await add.getByRole('button', { name: 'Add Store' }).click();
  await expect(add.getByText('Must be a valid URL')).toBeVisible();
  await add.getByLabel('Website', { exact: true }).fill('amoeba.com');
  await expectNoAxeViolations(page);
  await add.getByRole('button', { name: 'Add Store' }).click();
  await expect(add).toBeHidden();

  const amoeba = card(page, 'Amoeba Music');
  await expect(amoeba.getByText('6400 Sunset Blvd, Los Angeles, CA 90028')).toBeVisible();
  await expect(amoeba.getByRole('link', { name: 'amoeba.com' })).toHaveAttribute('href', 'https://amoeba.com');
  await expect(amoeba.getByText('Go on a weekday')).toBeVisible();
  // Saved without coordinates, looked up from the (fake) geocoder; the tiles' address refuses, so the
  // map gives way to a coordinate link.
  const fallback = amoeba.getByRole('link', { name: 'View on Google Maps' });
  await expect(fallback).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=34.0977,-118.3298');
  await expect(amoeba.getByText('Loading map...')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Update Maps' })).toBeEnabled();

  await amoeba.getByRole('button', { name: 'Edit Amoeba Music' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Record Store' });
  await expect(edit.getByText('Update the details of this record store.')).toBeVisible();
  await expect(edit.getByLabel('Store Name', { exact: true })).toHaveValue('Amoeba Music');
  await expect(edit.getByLabel('Latitude', { exact: true })).toHaveValue('34.0977');
  await edit.getByLabel('Store Name', { exact: true }).fill('Amoeba Hollywood');
  await edit.getByLabel('Country', { exact: true }).fill('Canada');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'Amoeba Hollywood').getByText('6400 Sunset Blvd, Los Angeles, CA 90028, Canada')).toBeVisible();

  await card(page, 'Amoeba Hollywood').getByRole('button', { name: 'Delete Amoeba Hollywood' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(
    confirm.getByText('Are you sure you want to delete Amoeba Hollywood? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Amoeba Hollywood')).toBeVisible();
  await card(page, 'Amoeba Hollywood').getByRole('button', { name: 'Delete Amoeba Hollywood' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'No Record Stores Yet' })).toBeVisible();
});

test('Update Maps fills in missing coordinates from the geocoder, store by store; an older store is edited in parts', async ({
  page,
}) => {
  const { user } = await (async () => {
    const account = await signIn(page);
    const me = await page.request.get('/api/user');
    return { ...account, user: (await me.json()) as { id: number } };
  })();
  insertOlderStore(user.id, 'Rough Trade West', '130 Talbot Rd, London, England W11, UK');
  insertOlderStore(user.id, 'Nowhere Records', '1 Nowhere Lane, Atlantis, Sea');
  await page.goto('/record-stores');
  const rough = card(page, 'Rough Trade West');
  await expect(rough.getByRole('link', { name: 'View on Google Maps' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=130%20Talbot%20Rd%2C%20London%2C%20England%20W11%2C%20UK',
  );

  await page.getByRole('button', { name: 'Update Maps' }).click();
  await expect(toast(page).filter({ hasText: 'Maps Updated' })).toContainText('Found coordinates for 1 of 2 record stores.');
  await expect(rough.getByRole('link', { name: 'View on Google Maps' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=51.5159,-0.2031',
  );
  await expect(page.getByRole('button', { name: 'Update Maps' })).toBeEnabled();

  // docs/product/record-stores.md#address: the older store's parts are derived from its combined
  // address on the edit form.
  await rough.getByRole('button', { name: 'Edit Rough Trade West' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Record Store' });
  await expect(edit.getByLabel('Street Address', { exact: true })).toHaveValue('130 Talbot Rd');
  await expect(edit.getByLabel('City', { exact: true })).toHaveValue('London');
  await expect(edit.getByLabel('State/Province', { exact: true })).toHaveValue('England');
  await expect(edit.getByLabel('Zip/Postal Code', { exact: true })).toHaveValue('W11');
  await expect(edit.getByLabel('Country', { exact: true })).toHaveValue('UK');
});

test('A store map draws with Leaflet when tiles load: marker titled with the name, zoom control, attribution', async ({
  page,
}) => {
  await page.route('**/tiles/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
  await signIn(page);
  const res = await page.request.post('/api/record-stores', {
    data: { name: 'Wax Trax', streetAddress: '1 Main St', city: 'Chicago', state: 'IL', latitude: 41.9, longitude: -87.6 },
  });
  expect(res.status()).toBe(201);
  await page.goto('/record-stores');
  const wax = card(page, 'Wax Trax');
  await expect(wax.locator('.leaflet-container')).toBeVisible();
  await expect(wax.locator('.leaflet-container')).toHaveCSS('height', '160px');
  await expect(wax.locator('img.leaflet-marker-icon[title="Wax Trax"]')).toBeVisible();
  await expect(wax.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(wax.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();
  await expect(wax.getByText('Loading map...')).toBeHidden();
  await expect(wax.getByRole('link', { name: 'View on Google Maps' })).toHaveCount(0);
});

test('Share Your Record Stores: the link copied opens the read-only list for a signed-out visitor', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  await page.request.post('/api/record-stores', {
    data: {
      name: 'Grimey’s',
      streetAddress: '1060 W Addison St',
      city: 'Chicago',
      state: 'IL',
      website: 'https://grimeys.com',
      notes: 'Basement shows',
    },
  });
  await page.goto('/record-stores');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Record Stores' });
  await expect(dialog.getByText('Use this link to share your record store collection with others.')).toBeVisible();
  const link = await dialog.getByLabel('Share link').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/record-stores/shared/[A-Za-z0-9_-]{32}$`));
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page).filter({ hasText: 'Link Copied' })).toContainText('Share link copied to clipboard');
  await dialog.getByText('Close', { exact: true }).click();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Shared Record Stores' })).toBeVisible();
  const grimeys = card(visitor, 'Grimey’s');
  await expect(grimeys.getByText('1060 W Addison St, Chicago, IL')).toBeVisible();
  await expect(grimeys.getByRole('link', { name: 'https://grimeys.com' })).toBeVisible();
  await expect(grimeys.getByText('Basement shows')).toBeVisible();
  await expect(grimeys.getByRole('link', { name: 'View on Google Maps' })).toHaveAttribute('href', /query=41\.9484,-87\.6553$/);
  await expect(grimeys.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  // Audited at rest: no tile answers here, so the map gives way to its link after a few seconds (a
  // busy machine caught it mid-change, with Leaflet's panes and styles still arriving).
  await expect(grimeys.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('link', { name: 'Back' }).click();
  await expect(visitor).toHaveURL(`${baseURL}/`);

  await visitor.goto(`/record-stores/shared/${'x'.repeat(32)}`);
  await expect(visitor.getByRole('heading', { name: 'Error Loading Shared Collection' })).toBeVisible();
  await expect(visitor.getByText('The shared collection could not be found or has been removed.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('button', { name: 'Go Home' }).click();
  await expect(visitor).toHaveURL(`${baseURL}/`);

  // A signed-out visitor opening the owner's own page is sent to sign in.
  await visitor.goto('/record-stores');
  await expect(visitor).toHaveURL(/\/auth/);
  await context.close();
});

test('A shared list without stores shows No Record Stores Found', async ({ page, browser, baseURL }) => {
  await signIn(page);
  const res = await page.request.post('/api/record-stores/share');
  const { shareToken } = (await res.json()) as { shareToken: string };
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(`/record-stores/shared/${shareToken}`);
  await expect(visitor.getByRole('heading', { name: 'No Record Stores Found' })).toBeVisible();
  await expect(visitor.getByText("This shared collection doesn't contain any record stores.")).toBeVisible();
  await context.close();
});

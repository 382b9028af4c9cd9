import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ean13Image, y4mOf } from '../src/server/test/ean13-image.js';
import { FAKE_BARCODES } from '../src/server/test/fake-musicbrainz.js';
import { signIn } from './support/helpers.js';

async function createCollection(request: APIRequestContext, name: string) {
  const res = await request.post('/api/collections', { data: { name } });
  expect(res.status()).toBe(201);
}

const section = (page: Page) => page.getByRole('region', { name: 'Fill in from MusicBrainz' });
const pressingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose your pressing' });

// Chromium's fake camera shows a drawn UPC-A barcode: the real decoder reads it from the video.
const FAKE_CAMERA = path.join(tmpdir(), `spindle-e2e-barcode-${process.pid}.y4m`);
writeFileSync(FAKE_CAMERA, y4mOf(ean13Image(FAKE_BARCODES.randomAccessMemories, { moduleWidth: 4, width: 640, height: 480 })));

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA}`,
    ],
  },
});

test('scan: the decoder loads only when asked, reads the sleeve barcode and lists its pressing', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request, 'Scanned');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/album/new?collection=Scanned');
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  expect(scripts.some((s) => s.includes('barcode-scanner'))).toBe(false);

  await section(page).getByRole('button', { name: 'Scan' }).click();
  const dialog = pressingsDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  expect(scripts.some((s) => s.includes('barcode-scanner'))).toBe(true);
  await expect(dialog).toContainText(/Pressings with the barcode 0?888837168618 on MusicBrainz/);
  await dialog.getByRole('button', { name: /Random Access Memories/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Random Access Memories');
  // The scanned code stays in the field, and the camera is off (its dialog closed).
  await expect(section(page).getByLabel('Barcode')).toHaveValue(/^0?888837168618$/);
  await expect(page.getByRole('dialog', { name: 'Scan the barcode' })).toBeHidden();
});

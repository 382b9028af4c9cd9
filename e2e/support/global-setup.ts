import { startFakeMusicBrainz } from '../../src/server/test/fake-musicbrainz.js';

/**
 * Each e2e run starts with the fake MusicBrainz + Cover Art
 * Archive on E2E_PORT + 1 (where playwright.config.ts points MUSICBRAINZ_URL and
 * COVER_ART_ARCHIVE_URL). The function returned is Playwright's global teardown: it stops the fake.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4317) + 1;
  const fake = await startFakeMusicBrainz({ port });
  return () => fake.close();
}

import { startFakeMusicBrainz } from '../../src/server/test/fake-musicbrainz.js';
import { startFakeNominatim } from '../../src/server/test/fake-nominatim.js';

/**
 * Each e2e run starts with the fake MusicBrainz + Cover Art
 * Archive on E2E_PORT + 1 (where playwright.config.ts points MUSICBRAINZ_URL and
 * COVER_ART_ARCHIVE_URL) and the fake Nominatim on E2E_PORT + 2 (GEOCODER_URL). The function returned
 * is Playwright's global teardown: it stops the fakes.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4317) + 1;
  const fake = await startFakeMusicBrainz({ port });
  // The geocoder for the record-store journeys, where playwright.config.ts points GEOCODER_URL.
  const geocoder = await startFakeNominatim({ port: port + 1 });
  return async () => {
    await fake.close();
    await geocoder.close();
  };
}

import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../src/server/test/fake-musicbrainz.js';
import { startFakeNominatim, type FakeNominatim } from '../../src/server/test/fake-nominatim.js';
import { startServer, type SecurityServer } from './server.js';
import { ADMIN_ENV } from './world.js';

export interface Stage {
  server: SecurityServer;
  musicBrainz: FakeMusicBrainz;
  nominatim: FakeNominatim;
  close(): Promise<void>;
}

/** The app with an administrator, a fake MusicBrainz/Cover Art Archive and a fake geocoder (on loopback ports). */
export async function startStage(env: Record<string, string> = {}, options: Parameters<typeof startServer>[1] = {}): Promise<Stage> {
  const musicBrainz = await startFakeMusicBrainz();
  const nominatim = await startFakeNominatim();
  const server = await startServer(
    { ...ADMIN_ENV, MUSICBRAINZ_URL: musicBrainz.url, COVER_ART_ARCHIVE_URL: musicBrainz.url, GEOCODER_URL: nominatim.url, ...env },
    { testGeocoderIntervalMs: 0, ...options },
  );
  return {
    server,
    musicBrainz,
    nominatim,
    async close() {
      await server.close();
      await musicBrainz.close();
      await nominatim.close();
    },
  };
}

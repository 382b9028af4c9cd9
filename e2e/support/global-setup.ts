import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeMusicBrainz } from '../../src/server/test/fake-musicbrainz.js';
import { startFakeNominatim } from '../../src/server/test/fake-nominatim.js';
import { startSmtpSink } from '../../src/server/test/smtp-sink.js';
import { E2E_MAIL_DIR } from '../../playwright.config.js';

/**
 * Each e2e run starts with the fake MusicBrainz + Cover Art Archive on E2E_PORT + 1 (where
 * playwright.config.ts points MUSICBRAINZ_URL and COVER_ART_ARCHIVE_URL), a real SMTP server on
 * E2E_PORT + 2 (SMTP_URL) that writes every mail it receives to E2E_MAIL_DIR, and the fake Nominatim
 * on E2E_PORT + 4 (GEOCODER_URL; + 3 is the tile address where nothing listens). The function
 * returned is Playwright's global teardown: it stops them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4317);
  const fake = await startFakeMusicBrainz({ port: port + 1 });
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  const smtp = await startSmtpSink(port + 2, (mail, index) => writeFileSync(path.join(E2E_MAIL_DIR, `${String(index).padStart(5, '0')}.eml`), mail.raw));
  const geocoder = await startFakeNominatim({ port: port + 4 });
  return async () => {
    await smtp.stop();
    await fake.close();
    await geocoder.close();
  };
}

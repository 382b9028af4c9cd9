import { rmSync } from 'node:fs';
import { E2E_DATA_DIR } from '../../playwright.config.js';

/** Each e2e run starts from an empty data directory, removed before the server starts. */
export default function globalSetup(): void {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}

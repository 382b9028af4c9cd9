import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's version: package.json's, read from the file itself rather than npm's environment, so a
 * server started with plain `node` (a container, a service unit) reports the same version as one
 * started by `npm start`. Found by walking up from this module (src/server in tests, dist/node/server
 * when built).
 */
export function readAppVersion(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'spindle' && typeof pkg.version === 'string') return pkg.version;
    }
    if (path.dirname(dir) === dir) return '0.0.0';
  }
}

/** Read once: the version cannot change under a running process. */
export const APP_VERSION = readAppVersion();

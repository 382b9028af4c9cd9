import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http.js';
import { routeKey, type RouteInfo } from './support/server.js';
import { startStage, type Stage } from './support/stage.js';
import { bodyKeys } from './support/zod-shape.js';
import { makeOwner, type Owner } from './support/world.js';

// What the request log keeps: a share token, a reset token or a checkout secret is the key to what it
// names, and logs travel further than the database. Every route of the server's table that carries a
// token or a secret in its path or its query is requested (with a real key and a made-up one), and
// no log line, at debug level, may hold the key.

const lines: string[] = [];
let stage: Stage;
let owner: Owner;
const SECRET_NAME = /token|secret/i;

beforeAll(async () => {
  stage = await startStage({ LOG_LEVEL: 'debug' }, { logger: true, logStream: { write: (line: string) => void lines.push(line) } });
  owner = await makeOwner(stage.server, 'logged');
});
afterAll(() => stage.close());

/** The routes whose path or query carries a key, found in the route table. */
const keyRoutes = (routes: RouteInfo[]) =>
  routes.filter((route) => route.params.some((name) => SECRET_NAME.test(name)) || (route.querySchema && bodyKeys(route.querySchema).some((key) => SECRET_NAME.test(key))));

/** A path for `route` with every key parameter set to `key` (in the path and the query). */
function pathWith(route: RouteInfo, key: string): string {
  const path = route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => (SECRET_NAME.test(name) ? key : name === 'name' ? owner.coverName : 'cs_demo_session'))
    .replace('*', 'x');
  const query = route.querySchema ? bodyKeys(route.querySchema).filter((name) => SECRET_NAME.test(name)) : [];
  return query.length ? `${path}?${query.map((name) => `${name}=${encodeURIComponent(key)}`).join('&')}` : path;
}

describe('the request log never holds a token or a secret', () => {
  it('finds the routes that carry one (sanity: the table is really read)', () => {
    expect(keyRoutes(stage.server.routes).map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/shared/:token', 'GET /api/record-stores/shared/:token', 'GET /api/auth/verify-reset-token', 'GET /demo-checkout/:sessionId/:secret']),
    );
  });

  it('for every such route and the pages that carry one, with a real key and a made-up one', async () => {
    const anonymous = new HttpClient(stage.server.url);
    const madeUp = `made-up-key-${Date.now().toString(36)}-abcdefghijklmnopqrstuvwxyz`;
    const keys = [owner.shareToken, owner.storeShareToken, madeUp];
    const paths = keyRoutes(stage.server.routes).flatMap((route) => keys.map((key) => ({ method: route.method, path: pathWith(route, key) })));
    // The web app's pages that carry one (served by the catch-all route), and spellings the router decodes.
    for (const key of keys) {
      for (const page of [`/shared/${key}`, `/record-stores/shared/${key}`, `/reset-password?token=${key}`, `/wishlist/shared/${key}`, `/api/wishlist/shared/${key}`, `/api/%73hared/${key}`]) {
        paths.push({ method: 'GET', path: page });
      }
    }
    lines.length = 0;
    for (const { method, path } of paths) {
      const res = await anonymous.request(path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    // Lines are written as each answer goes out; a moment for the last one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join('');
    // Sanity: the log did record these requests, with the key replaced.
    expect(log).toContain('/api/shared/[token]');
    expect(log).toContain('token=[redacted]');
    for (const key of keys) expect(log.includes(key), `a log line holds ${key}`).toBe(false);
  });
});

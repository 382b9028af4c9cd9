import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { BuildOptions } from '../../src/server/app.js';
import { createTestApp, testDbKind } from '../../src/server/test/harness.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app (`npm run build`); pages, the CSP on them and the browser checks need it. */
export const WEB_ROOT = path.join(REPO_ROOT, 'dist/web');
export const webBuilt = () => existsSync(path.join(WEB_ROOT, 'index.html'));

/** One route of the server's table, as Fastify's onRoute hook saw it. */
export interface RouteInfo {
  method: string;
  url: string;
  /** The path parameters' names, in order (`:id`, `*` as `*`). */
  params: string[];
  bodySchema: z.ZodType | undefined;
  querySchema: z.ZodType | undefined;
  config: { allowCrossOrigin?: boolean; acceptsMultipart?: boolean };
}

export const routeKey = (route: Pick<RouteInfo, 'method' | 'url'>) => `${route.method} ${route.url}`;

function collect(table: RouteInfo[]) {
  return (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    const asZod = (value: unknown) => (value instanceof z.ZodType ? value : undefined);
    for (const method of methods) {
      // Fastify adds a HEAD twin for every GET; it runs the GET's handler.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
      table.push({
        method,
        url: route.url,
        params,
        bodySchema: asZod(schema.body),
        querySchema: asZod(schema.querystring),
        config: (route.config ?? {}),
      });
    }
  };
}

export interface SecurityServer {
  /** http://127.0.0.1:port */
  url: string;
  app: FastifyInstance;
  routes: RouteInfo[];
  close(): Promise<void>;
}

/**
 * The real app, listening on a loopback port, on a fresh DATA_DIR and database (SQLite, or a new
 * PostgreSQL database in the postgres project), with the built web app when there is one.
 */
export async function startServer(env: Record<string, string> = {}, options: Partial<Omit<BuildOptions, 'config'>> = {}): Promise<SecurityServer> {
  const routes: RouteInfo[] = [];
  const t = await createTestApp(env, { ...(webBuilt() ? { webRoot: WEB_ROOT } : {}), ...options, onRoute: collect(routes) });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address.replace('localhost', '127.0.0.1'), app: t.app, routes, close: () => t.close() };
}

export { testDbKind };

import { readFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const routes: { method: string; url: string }[] = [];
let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method: method.toLowerCase(), url: route.url });
    },
  });
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => t.close());

/** Fastify's `/api/albums/:id` as OpenAPI writes it: `/api/albums/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of this version with a cookie session scheme', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Spindle API', version });
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'spindle_session' });
  });

  it('lists every /api route with its methods and nothing else; administration is left out', () => {
    // HEAD routes are Fastify's automatic twins of the GETs; OpenAPI lists the GET.
    const expected = routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/admin') && r.method !== 'head')
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const listed = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
      .sort();
    expect(listed).toEqual([...new Set(expected)]);
    expect(listed.length).toBeGreaterThan(40);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/admin'))).toBe(false);
    expect(routes.some((r) => r.url.startsWith('/api/admin/'))).toBe(true);
  });

  it('describes requests and answers from the route schemas', () => {
    const login = document.paths['/api/login']!.post as Operation & { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    const albums = document.paths['/api/albums']!.get!;
    expect(Object.keys(albums.responses!)).toContain('200');
  });

  it('marks signed-in routes with the session scheme, and they answer 401 without a session; the others do not', async () => {
    const marked: string[] = [];
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const signedIn = (operation.security ?? []).some((requirement) => 'sessionCookie' in requirement);
        if (signedIn) marked.push(`${method} ${path}`);
        const url = path.replace(/\{\w+\}/g, '1');
        const response = await t.app.inject({ method: method.toUpperCase() as 'GET', url, ...(method === 'get' ? {} : { payload: {} }) });
        if (signedIn !== (response.statusCode === 401)) wrong.push(`${method} ${path}: ${signedIn ? 'marked signed-in' : 'marked public'}, answered ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(marked).toEqual(expect.arrayContaining(['get /api/albums', 'post /api/collections', 'put /api/user/update', 'get /api/user']));
  });
});

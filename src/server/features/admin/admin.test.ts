import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { ADMIN_PREFIX, adminRoutes } from './admin.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(() => t.close());

describe('/api/admin/*', () => {
  const paths = [
    '/api/admin',
    '/api/admin/',
    '/api/admin/users',
    '/api/admin/alerts/count',
    '/api/admin/stripe/mode',
    '/api/admin/anything/at/all',
  ];

  it('answers 401 signed out', async () => {
    for (const url of paths) {
      const res = await new Client(t.app).get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await new Client(t.app).put('/api/admin/users/1/make-admin')).statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user who is not an administrator', async () => {
    const { client } = await signUp(t.app);
    for (const url of paths) expect((await client.get(url)).statusCode).toBe(403);
    expect((await client.request({ method: 'DELETE', url: '/api/admin/users/1' })).statusCode).toBe(403);
  });

  it('lets an administrator through to the route, or to a 404 JSON where there is none', async () => {
    const admin = new Client(t.app);
    expect((await admin.post('/api/login', { username: 'admin@example.com', password: 'admin-password' })).statusCode).toBe(200);
    for (const url of ['/api/admin/anything/at/all', '/api/admin']) {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^No such API route/) as unknown });
    }
    expect((await admin.request({ method: 'DELETE', url: '/api/admin/users/999999' })).statusCode).toBe(404);
  });

  it('leaves paths that only begin like the prefix to the usual 404', async () => {
    expect((await new Client(t.app).get('/api/administrator')).statusCode).toBe(404);
  });
});

describe('the /api/admin scope', () => {
  // A route added to the scope later, as any new administration feature is: it is guarded without saying so.
  async function appWithSpecificRoute() {
    const app = Fastify();
    // The parts' routes declare zod schemas, as in the real app.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const who = request.headers['x-test-user'];
      if (who) request.user = { id: 1, is_admin: who === 'admin' ? 1 : 0 } as UserRow;
    });
    await app.register(
      async (scope) => {
        await adminRoutes(scope, {});
        scope.get('/reports/:id', async () => ({ report: 'secret' }));
        scope.post('/reports', async () => ({ created: true }));
      },
      { prefix: ADMIN_PREFIX },
    );
    return app;
  }

  it('guards a specific route added inside it: 401, 403, and the route for an administrator', async () => {
    const app = await appWithSpecificRoute();
    const get = (who?: string) =>
      app.inject({ method: 'GET', url: '/api/admin/reports/7', headers: who ? { 'x-test-user': who } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get('user')).statusCode).toBe(403);
    expect((await get('user')).body).not.toContain('secret');
    expect((await get('admin')).json()).toEqual({ report: 'secret' });
    const post = await app.inject({
      method: 'POST',
      url: '/api/admin/reports',
      headers: { 'x-test-user': 'user' },
      payload: { a: 1 },
    });
    expect(post.statusCode).toBe(403);
    await app.close();
  });
});

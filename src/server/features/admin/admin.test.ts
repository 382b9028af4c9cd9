import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(() => t.close());

describe('/api/admin/* (D9)', () => {
  const paths = ['/api/admin/users', '/api/admin/alerts/count', '/api/admin/stripe/mode', '/api/admin/anything/at/all'];

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
    const res = await admin.get('/api/admin/anything/at/all');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such API route/);
  });
});

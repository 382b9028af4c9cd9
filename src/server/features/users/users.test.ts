import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/user/update (profile)', () => {
  it('updates names and e-mail, and the e-mail-shaped username follows the e-mail', async () => {
    const { client, password } = await signUp(t.app);
    const res = await client.put('/api/user/update', { email: 'Renamed@Example.com', firstName: 'Ada', lastName: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'renamed@example.com', username: 'renamed@example.com', firstName: 'Ada', lastName: null });
    expect((await new Client(t.app).post('/api/login', { username: 'renamed@example.com', password })).statusCode).toBe(200);
  });

  it('requires a valid e-mail and changes nothing otherwise', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Keep' });
    const empty = await client.put('/api/user/update', { email: '', firstName: 'Changed' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Email is required');
    const invalid = await client.put('/api/user/update', { email: 'nope', firstName: 'Changed' });
    expect(invalid.json().message).toBe('Please enter a valid email address');
    const me = (await client.get('/api/user')).json();
    expect(me).toMatchObject({ username: user.username, firstName: 'Keep' });
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    const other = await signUp(t.app);
    const { client } = await signUp(t.app);
    const res = await client.put('/api/user/update', { email: other.user.username });
    expect(res.statusCode).toBe(409);
  });

  it('answers 401 when signed out', async () => {
    expect((await new Client(t.app).put('/api/user/update', { email: 'a@b.co' })).statusCode).toBe(401);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test uses its own client addresses, so address counts never carry over between tests.
const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
const register = (username: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/register', remoteAddress, payload: { username, password: 'a-fine-password', firstName: 'A', lastName: 'B' } });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((res) => res.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('login limits under concurrency', () => {
  it('judges at most 10 of 60 simultaneous wrong guesses at one account, and the right password in the burst does not get through', async () => {
    const { user, password } = await signUp(t.app);
    const burst = [
      ...Array.from({ length: 59 }, (_, i) => login(user.username, `wrong-password-${i}`, '198.51.100.1')),
      login(user.username, password, '198.51.100.1'),
    ];
    const answers = await Promise.all(burst);
    const codes = statuses(answers);
    expect(count(codes, 401)).toBeLessThanOrEqual(10);
    expect(count(codes, 401) + count(codes, 429)).toBe(60);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect((await login(user.username, password, '198.51.100.2')).statusCode).toBe(429);
  });

  it('judges at most 30 of 60 simultaneous wrong guesses from one address across accounts', async () => {
    const codes = statuses(await Promise.all(Array.from({ length: 60 }, (_, i) => login(`nobody${i}@example.com`, 'wrong-password', '198.51.100.3'))));
    expect(count(codes, 401)).toBeLessThanOrEqual(30);
    expect(count(codes, 401) + count(codes, 429)).toBe(60);
    expect((await login('nobody-else@example.com', 'wrong-password', '198.51.100.3')).statusCode).toBe(429);
  });

  it('does not count a successful login against the address, and a success clears the account count', async () => {
    const { user, password } = await signUp(t.app);
    for (let i = 0; i < 9; i++) expect((await login(user.username, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(user.username, password, '198.51.100.4')).statusCode).toBe(200);
    // The account starts again at 0 failures; the address holds its 9 and reaches 30 after 21 more.
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
    expect((await login(user.username, password, '198.51.100.4')).statusCode).toBe(429);
    for (let i = 0; i < 11; i++) expect((await login(`ghost${i}@example.com`, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
    expect((await login('ghost-last@example.com', 'wrong-password', '198.51.100.4')).statusCode).toBe(429);
  });
});

describe('registration limits (a 409 tells who has an account)', () => {
  it('keeps the 409 message, and limits those answers to 10 per address in 15 minutes', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await register(user.username, '198.51.100.10');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('An account with this email already exists');
    }
    const limited = await register(user.username, '198.51.100.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many registration attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing more is told to that address, not even that an address is free; other addresses are not held up.
    expect((await register('free-address@example.com', '198.51.100.10')).statusCode).toBe(429);
    expect((await register(user.username, '198.51.100.11')).statusCode).toBe(409);
  });

  it('does not count new accounts: a shared address can register many', async () => {
    for (let i = 0; i < 15; i++) expect((await register(`member${i}@example.com`, '198.51.100.12')).statusCode).toBe(201);
  });

  it('answers at most 10 of 40 simultaneous probes with 409', async () => {
    const { user } = await signUp(t.app);
    const codes = statuses(await Promise.all(Array.from({ length: 40 }, () => register(user.username, '198.51.100.13'))));
    expect(count(codes, 409)).toBeLessThanOrEqual(10);
    expect(count(codes, 409) + count(codes, 429)).toBe(40);
  });

  it('limits probing through the profile e-mail the same way', async () => {
    const { user: taken } = await signUp(t.app);
    const { client } = await signUp(t.app);
    const change = (email: string) =>
      client.request({ method: 'PUT', url: '/api/user/update', remoteAddress: '198.51.100.14', payload: { email, firstName: 'A', lastName: 'B' } });
    for (let i = 0; i < 10; i++) expect((await change(taken.username)).statusCode).toBe(409);
    expect((await change(taken.username)).statusCode).toBe(429);
  });
});

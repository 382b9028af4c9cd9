import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OVERLOAD_MESSAGE, registerOverloadGuard, type OverloadLimits } from './overload.js';

/** An app whose GET /api/slow answers only when the test says so, behind the overload guard. */
async function appWith(limits: OverloadLimits) {
  const app = Fastify({ logger: false });
  const held: (() => void)[] = [];
  // Counts requests as they reach the guard, so a test knows one is queued before sending the next.
  const arrived = { count: 0 };
  app.addHook('onRequest', (_request, _reply, done) => {
    arrived.count++;
    done();
  });
  registerOverloadGuard(app, limits);
  app.get('/api/slow', () => new Promise((resolve) => held.push(() => resolve({ ok: true }))));
  app.get('/api/fast', () => ({ ok: true }));
  app.get('/api/health', () => ({ status: 'ok' }));
  app.get('/api/ping', () => ({ ok: true }));
  await app.ready();
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };
  return { app, held, until, arrived };
}

describe('overload guard', () => {
  it('sheds beyond the queue with 503 + Retry-After, keeps health and ping, and serves the accepted ones', async () => {
    const { app, held, until, arrived } = await appWith({ maxInFlight: 1, maxQueued: 1, maxQueueWaitMs: 60_000 });
    const first = app.inject('/api/slow');
    await until(() => held.length === 1);
    const queued = app.inject('/api/slow').then((r) => r);
    await until(() => arrived.count === 2);
    const shed = await app.inject('/api/fast');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({ message: OVERLOAD_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/ping?x=1')).statusCode).toBe(200);
    held.shift()!();
    expect((await first).statusCode).toBe(200);
    // The queued request got the freed slot, first come first served.
    await until(() => held.length === 1);
    held.shift()!();
    expect((await queued).statusCode).toBe(200);
    // Every slot was given back.
    expect((await app.inject('/api/fast')).statusCode).toBe(200);
    await app.close();
  });

  it('sheds a request that waited too long, and the slot it never had is not given back twice', async () => {
    const { app, held, until } = await appWith({ maxInFlight: 1, maxQueued: 5, maxQueueWaitMs: 20 });
    const first = app.inject('/api/slow');
    await until(() => held.length === 1);
    const waited = await app.inject('/api/fast');
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    held.shift()!();
    expect((await first).statusCode).toBe(200);
    // One slot again: a held request takes it and the next one waits (and is shed), not two at once.
    const second = app.inject('/api/slow');
    await until(() => held.length === 1);
    expect((await app.inject('/api/fast')).statusCode).toBe(503);
    held.shift()!();
    expect((await second).statusCode).toBe(200);
    await app.close();
  });

  it('is off with maxInFlight 0', async () => {
    const { app, held, until } = await appWith({ maxInFlight: 0, maxQueued: 0, maxQueueWaitMs: 1 });
    const slow = [app.inject('/api/slow'), app.inject('/api/slow'), app.inject('/api/slow')];
    await until(() => held.length === 3);
    held.splice(0).forEach((go) => go());
    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await app.close();
  });
});

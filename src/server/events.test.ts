import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppEventBus } from './events.js';

const payload = { userId: 1, username: 'a@b.co', email: 'a@b.co', reason: 'canceled' };

describe('the event bus', () => {
  it('runs every listener; one that throws or rejects is logged and never reaches the emitter', async () => {
    const error = vi.fn();
    const bus = new AppEventBus({ error } as unknown as FastifyBaseLogger);
    const seen: string[] = [];
    bus.on('subscription.deactivated', () => {
      throw new Error('sync failure');
    });
    bus.on('subscription.deactivated', async () => {
      await Promise.resolve();
      throw new Error('async failure');
    });
    bus.on('subscription.deactivated', (p) => void seen.push(p.reason));
    await expect(bus.emit('subscription.deactivated', payload)).resolves.toBeUndefined();
    expect(seen).toEqual(['canceled']);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('stops calling a listener once it is removed', async () => {
    const bus = new AppEventBus({ error: vi.fn() } as unknown as FastifyBaseLogger);
    const calls: number[] = [];
    const off = bus.on('subscription.deactivated', () => void calls.push(1));
    await bus.emit('subscription.deactivated', payload);
    off();
    await bus.emit('subscription.deactivated', payload);
    expect(calls).toEqual([1]);
  });

  it("drops events about a quieted username until it is unquieted (the test runner's throwaway user)", async () => {
    const bus = new AppEventBus({ error: vi.fn() } as unknown as FastifyBaseLogger);
    const seen: string[] = [];
    bus.on('subscription.deactivated', (p) => void seen.push(p.username));
    const unquiet = bus.quiet('a@b.co');
    await bus.emit('subscription.deactivated', payload);
    await bus.emit('subscription.deactivated', { ...payload, username: 'other@b.co' });
    unquiet();
    await bus.emit('subscription.deactivated', payload);
    expect(seen).toEqual(['other@b.co', 'a@b.co']);
  });
});

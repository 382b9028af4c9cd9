import { afterEach, describe, expect, it, vi } from 'vitest';
import { idle, whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('work put off until the page is idle', () => {
  it('asks the browser for an idle moment, with the longest wait as its timeout', () => {
    const requestIdleCallback = vi.fn().mockReturnValue(7);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const run = vi.fn();
    whenIdle(run, 3000);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 3000 });
    expect(run).not.toHaveBeenCalled();
  });

  it('can be cancelled before it runs', () => {
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', vi.fn().mockReturnValue(7));
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    whenIdle(() => undefined, 3000)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback, runs after a short pause, and is cancelled the same way', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, 3000);
    const cancelled = vi.fn();
    whenIdle(cancelled, 3000)();
    vi.advanceTimersByTime(49);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('idle() resolves once the browser calls back, not before', async () => {
    let callBack: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: { timeout: number }) => {
      expect(options).toEqual({ timeout: 2000 });
      callBack = run;
      return 1;
    });
    let resolved = false;
    const waiting = idle(2000).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    callBack?.();
    await waiting;
    expect(resolved).toBe(true);
  });
});

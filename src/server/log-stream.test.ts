import { afterEach, describe, expect, it, vi } from 'vitest';
import { stdoutBatched } from './log-stream.js';

function recordingDestination() {
  const writes: string[] = [];
  return { writes, destination: { write: (chunk: string) => void writes.push(chunk), flushSync: () => {} } };
}

describe('the batched log stream', () => {
  afterEach(() => vi.useRealTimers());

  it('joins the lines logged close together into one write, made within the delay', () => {
    vi.useFakeTimers();
    const { writes, destination } = recordingDestination();
    const stream = stdoutBatched({ delayMs: 10, destination });
    stream.write('{"a":1}\n');
    stream.write('{"b":2}\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(9);
    stream.write('{"c":3}\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n']);
    stream.write('{"d":4}\n');
    vi.advanceTimersByTime(10);
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n', '{"d":4}\n']);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(2);
  });

  it('writes at once when a batch reaches its size, keeping every line whole and in order', () => {
    vi.useFakeTimers();
    const { writes, destination } = recordingDestination();
    const stream = stdoutBatched({ delayMs: 10, maxBytes: 40, destination });
    const lines = Array.from({ length: 9 }, (_, i) => `{"line":${i}}\n`);
    lines.forEach((line) => stream.write(line));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    vi.advanceTimersByTime(10);
    expect(writes.join('')).toBe(lines.join(''));
    expect(writes.every((chunk) => chunk.endsWith('}\n'))).toBe(true);
  });

  it('writes what is pending when asked to flush (as on exit), and nothing twice', () => {
    vi.useFakeTimers();
    const { writes, destination } = recordingDestination();
    const stream = stdoutBatched({ delayMs: 10, destination });
    stream.write('{"last":true}\n');
    stream.flush();
    vi.advanceTimersByTime(20);
    expect(writes).toEqual(['{"last":true}\n']);
  });
});

import { describe, expect, it } from 'vitest';
import { forEachLine } from './stream-lines';

/** A body that arrives in the given pieces, as a network stream does. */
const bodyOf = (...pieces: (string | Uint8Array<ArrayBuffer>)[]) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? new TextEncoder().encode(piece) : piece);
      controller.close();
    },
  });

async function linesOf(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const lines: string[] = [];
  await forEachLine(body, (line) => lines.push(line));
  return lines;
}

describe('forEachLine', () => {
  it('hands over whole lines however the stream was cut, the last one without a break included', async () => {
    expect(await linesOf(bodyOf('{"type":"prog', 'ress"}\n{"a":1}\n\n{"b"', ':2}'))).toEqual([
      '{"type":"progress"}',
      '{"a":1}',
      '{"b":2}',
    ]);
  });

  it('skips blank lines and drops a CR before the break', async () => {
    expect(await linesOf(bodyOf('one\r\n', '   \n', 'two\r\n'))).toEqual(['one', 'two']);
  });

  it('keeps a character whose bytes arrive in two pieces', async () => {
    const bytes = new TextEncoder().encode('Motörhead\n');
    expect(await linesOf(bodyOf(bytes.slice(0, 4), bytes.slice(4)))).toEqual(['Motörhead']);
  });

  it('stops and rejects with what the handler threw', async () => {
    const seen: string[] = [];
    const reading = forEachLine(bodyOf('a\nb\nc\n'), (line) => {
      seen.push(line);
      if (line === 'b') throw new Error('refused');
    });
    await expect(reading).rejects.toThrow('refused');
    expect(seen).toEqual(['a', 'b']);
  });
});

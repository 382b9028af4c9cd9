import { describe, expect, it } from 'vitest';
import { parseJsonInSlices } from './json-slices';

const noPause = () => Promise.resolve();

describe('parseJsonInSlices (a large list parsed without one long task)', () => {
  const albums = Array.from({ length: 500 }, (_, i) => ({ id: i, title: i % 7 === 0 ? `odd },{"title":"x"} ${i}` : `Album ${i}`, artist: 'A "quoted" \\ artist', price: i % 3 ? null : i / 4, isLent: i % 2 === 0 }));

  it('gives what JSON.parse gives, also when a value contains the "},{" the slices are cut at', async () => {
    const text = JSON.stringify(albums);
    for (const size of [10, 97, 1000, 5000, text.length]) expect(await parseJsonInSlices(text, size, noPause)).toEqual(albums);
  });

  it('pauses between slices', async () => {
    let pauses = 0;
    await parseJsonInSlices(JSON.stringify(albums), 2000, () => {
      pauses++;
      return Promise.resolve();
    });
    expect(pauses).toBeGreaterThan(5);
  });

  it('parses anything else whole, and refuses broken JSON as JSON.parse does', async () => {
    for (const value of [[], [1, 2, 3], { a: [{ b: 1 }, { c: 2 }] }, [[{ a: 1 }, { b: 2 }]], 'text', null]) {
      expect(await parseJsonInSlices(JSON.stringify(value), 4, noPause)).toEqual(value);
    }
    expect(await parseJsonInSlices(JSON.stringify(albums, null, 2), 100, noPause)).toEqual(albums);
    await expect(parseJsonInSlices('[{"a":1},{"a":2},{"a":', 4, noPause)).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices('[{"a":1},{"a":2},{"a":}]', 4, noPause)).rejects.toThrow(SyntaxError);
  });
});

/**
 * JSON.parse of a large array of flat objects in slices, giving the main thread back between them
 * (for Lighthouse's blocking time): the 3.5 MB album list of a 10,000-album collection was one long task of
 * parsing while the home was being taken over, which is what Lighthouse counts as blocking time.
 *
 * A slice ends at a `},{` between two items. Such a run can also end a string value (a title
 * `a},{`), so a slice that does not parse is extended to the next candidate; anything that is not
 * a plain `[{…},{…}]` array (small, nested, spaced) is parsed whole. The result equals JSON.parse's.
 */
const SLICE_CHARS = 128 * 1024;

export const yieldToMain = (): Promise<void> =>
  new Promise((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (typeof scheduler?.yield === 'function') void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

export async function parseJsonInSlices(text: string, sliceChars = SLICE_CHARS, pause: () => Promise<void> = yieldToMain): Promise<unknown> {
  if (text.length <= sliceChars || !text.startsWith('[{') || !text.endsWith('}]')) return JSON.parse(text);
  const items: unknown[] = [];
  let start = 1;
  for (;;) {
    let cut = text.indexOf('},{', start + sliceChars);
    let slice: unknown[] | undefined;
    while (cut !== -1 && slice === undefined) {
      try {
        slice = JSON.parse(`[${text.slice(start, cut + 1)}]`) as unknown[];
      } catch {
        cut = text.indexOf('},{', cut + 3);
      }
    }
    if (slice === undefined) {
      // The last slice: from `start` to the closing bracket.
      for (const item of JSON.parse(`[${text.slice(start)}`) as unknown[]) items.push(item);
      return items;
    }
    for (const item of slice) items.push(item);
    start = cut + 2;
    await pause();
  }
}

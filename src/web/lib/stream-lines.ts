/**
 * Reads a streamed text answer line by line as it arrives (the import's NDJSON progress, the admin
 * test runner's output) and hands each non-blank line, without its line break, to `onLine`. A last
 * line without a break counts too. A throw from `onLine` stops the reading and rejects.
 */
export async function forEachLine(body: NonNullable<Response['body']>, onLine: (line: string) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  const take = (line: string) => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim()) onLine(text);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(take);
    }
    take(pending);
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}

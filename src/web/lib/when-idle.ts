/**
 * Runs `run` once the page is idle, or after `timeoutMs` whatever it is doing (a browser without
 * requestIdleCallback: after a short timeout). Returns the function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
}

/** Resolves once the page is idle, or after `timeoutMs` whatever it is doing: whenIdle for an `await`. */
export function idle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => whenIdle(() => resolve(), timeoutMs));
}

// jsdom lacks a few browser APIs the app's Radix primitives and hooks call on mount. Component tests
// import this first; stand-ins that do nothing are enough, since jsdom lays nothing out.

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const noMatch = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

const elementStandIns: Record<string, () => unknown> = {
  scrollIntoView: () => undefined,
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
};

// Each is set only where jsdom has none, so a jsdom that gains one is tested with its own.
// jsdom's window is not Node's global object: code reads these through either.
for (const scope of [globalThis, window] as unknown as Record<string, unknown>[]) {
  if (!('ResizeObserver' in scope)) scope.ResizeObserver = NoResizeObserver;
  if (!('matchMedia' in scope)) scope.matchMedia = noMatch;
}
const elementProto = Element.prototype as unknown as Record<string, unknown>;
for (const [name, standIn] of Object.entries(elementStandIns)) {
  if (!(name in elementProto)) elementProto[name] = standIn;
}

// jsdom lacks a few browser APIs the app's Radix primitives and hooks call on mount. Component tests
// import this first; stand-ins that do nothing are enough, since jsdom lays nothing out.

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = NoResizeObserver;

if (!('matchMedia' in window))
  window.matchMedia = (query: string) =>
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

// Assigned only where jsdom has none (`in` rather than reading the method, which lint rightly frowns on).
const proto = Element.prototype as unknown as Record<string, unknown>;
for (const [name, standIn] of Object.entries({
  scrollIntoView: () => undefined,
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
})) {
  if (!(name in proto)) proto[name] = standIn;
}

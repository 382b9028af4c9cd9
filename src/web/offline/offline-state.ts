import { OFFLINE_COPY_HEADER } from '../../common/offline-copy';

/*
 * Whether what the page shows came from the device's kept copy (docs/product/offline.md#shelf), and
 * when that copy was kept: the service worker marks the answers it served without a network. A store
 * outside React (the fetch helper writes it, the offline notice reads it with useSyncExternalStore).
 */
export interface OfflineState {
  /** The last read came from the kept copy, or the browser says it has no network. */
  offline: boolean;
  /** When the kept copy was made (ISO time), when the last read came from it. */
  keptAt: string | null;
}

let state: OfflineState = { offline: false, keptAt: null };
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.keptAt === state.keptAt) return;
  state = next;
  for (const listener of listeners) listener();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let lastRequest = 0;
let lastNetworkRequest = 0;
/** The reads whose latest answer came from the kept copy, by path, with that request's number. */
const keptReads = new Map<string, number>();
/** Told of every API answer, and whether it came from the network. */
const answerListeners = new Set<(fromNetwork: boolean) => void>();

/** Numbers each API request as it is sent, so that answers can be told apart by age. */
export const nextRequestNumber = (): number => ++lastRequest;

/** The paths of the reads whose latest answer came from the kept copy: what the page may still show of it. */
export const readsFromKeptCopy = (): string[] => [...keptReads.keys()];

/** Forgets a read from the kept copy that nothing on the page reads any more. */
export const forgetKeptRead = (path: string): void => void keptReads.delete(path);

/** Calls `listener` on every API answer, saying whether it came from the network; returns the function that stops it. */
export function onAnswer(listener: (fromNetwork: boolean) => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

const pathOf = (url: string) => new URL(url, 'http://spindle.invalid').pathname;

/**
 * Every API answer passes here with its request's number: one from the kept copy says offline (and
 * since when); any other says online. The latest request with a network answer wins: a kept answer
 * to a request sent before it (while the network was coming back) changes nothing.
 */
export function noteAnswer(response: Response, requestNumber: number, url?: string): void {
  const keptAt = response.headers.get(OFFLINE_COPY_HEADER);
  const path = url === undefined ? undefined : pathOf(url);
  if (path !== undefined && requestNumber >= (keptReads.get(path) ?? 0)) {
    if (keptAt !== null) keptReads.set(path, requestNumber);
    else keptReads.delete(path);
  }
  if (keptAt !== null) {
    if (requestNumber > lastNetworkRequest) set({ offline: true, keptAt: keptAt || null });
    for (const listener of answerListeners) listener(false);
    return;
  }
  lastNetworkRequest = Math.max(lastNetworkRequest, requestNumber);
  set({ offline: browserOffline(), keptAt: null });
  for (const listener of answerListeners) listener(true);
}

/** The browser lost or regained its network (the `online`/`offline` events). */
export function noteConnectivity(online: boolean): void {
  // Back online, the page still shows the kept copy until its reads answer afresh (they are refetched).
  set({ offline: !online || state.keptAt !== null, keptAt: state.keptAt });
}

export const getOfflineState = (): OfflineState => state;

export function subscribeOfflineState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests. */
export function resetOfflineState(): void {
  state = { offline: false, keptAt: null };
  lastRequest = 0;
  lastNetworkRequest = 0;
  keptReads.clear();
  answerListeners.clear();
}

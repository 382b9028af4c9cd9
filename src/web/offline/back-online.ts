import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE_COPY_HEADER } from '../../common/offline-copy';
import { send } from '../lib/api-client';
import { API } from '../lib/api-paths';
import { forgetKeptRead, noteConnectivity, onAnswer, readsFromKeptCopy } from './offline-state';

/*
 * Back online, fresh data replaces the kept copy (docs/product/offline.md#back-online). The browser's
 * `online` event alone is not enough: it may never come (a page loaded without a network can already
 * believe it is online), and the reads asked after it may still be answered from the kept copy while
 * the network comes back. So while some read on the page was last answered from the kept copy, the
 * network is asked again, at growing intervals, and at once when any answer comes from the network;
 * once it answers, every query is read afresh.
 */

/** The first wait before asking the network again; it doubles after each answer from the kept copy. */
const FIRST_WAIT_MS = 1000;
/** The longest wait between two asks: a collector back in signal sees fresh data within about this. */
const LONGEST_WAIT_MS = 5000;

/** Whether the network answers: one small read (the user), which the service worker answers from the copy without a network. */
async function networkAnswers(): Promise<boolean> {
  try {
    const answer = await send(API.user, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    await answer.text();
    return answer.headers.get(OFFLINE_COPY_HEADER) === null;
  } catch {
    return false;
  }
}

/** Starts watching for the network to come back; returns the function that stops it. */
export function refreshWhenBackOnline(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = FIRST_WAIT_MS;
  let asking = false;
  let stopped = false;

  const showsKeptCopy = () => readsFromKeptCopy().length > 0;

  const askLater = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), ms);
  };

  async function ask(): Promise<void> {
    timer = undefined;
    if (stopped || asking) return;
    if (!showsKeptCopy()) {
      wait = FIRST_WAIT_MS;
      return;
    }
    asking = true;
    try {
      if (await networkAnswers()) {
        // A read nothing on the page makes any more is not asked for again: the page no longer shows it.
        for (const path of readsFromKeptCopy()) if (!queryClient.getQueryCache().find({ queryKey: [path] })) forgetKeptRead(path);
        await queryClient.invalidateQueries();
      }
    } finally {
      asking = false;
    }
    if (stopped || !showsKeptCopy()) {
      wait = FIRST_WAIT_MS;
      return;
    }
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    askLater(wait);
  }

  const stopListening = onAnswer((fromNetwork) => {
    if (asking || !showsKeptCopy()) return;
    // An answer from the network says it is back: ask now. One from the kept copy starts the waiting.
    if (fromNetwork) askLater(0);
    else if (timer === undefined) askLater(wait);
  });
  const online = () => {
    noteConnectivity(true);
    wait = FIRST_WAIT_MS;
    askLater(0);
  };
  const offline = () => noteConnectivity(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (showsKeptCopy()) askLater(wait);

  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

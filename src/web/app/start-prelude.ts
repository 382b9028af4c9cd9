/*
 * The first half of the app's code, evaluated a task before the rest (main.tsx): the query client,
 * the providers and the signed-in frame, with the libraries under them (TanStack Query, Radix, the
 * icons). Evaluated with the rest, in the one task a dynamic import's modules run in, it was the
 * longest task of a phone's first visit after the first paint (bench/home-lighthouse-cold).
 */
export { queryClient } from '../lib/query-client';
export { Providers } from './providers';
export { SignedInFrame } from './signed-in-frame';

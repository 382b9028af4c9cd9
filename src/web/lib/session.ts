import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRequiredBody, User } from '../../common/auth.schemas';
import { LOAN_REMINDER_DEFAULT_DAYS, loanToday, type LoanReminders } from '../../common/loans';
import { SIGNED_OUT_META } from '../../common/web-placeholders';
import { ApiError, readJson, send } from './api-client';
import { API, QUERY_KEYS } from './api-paths';
import { currentPath, navigateTo } from './navigation';

/**
 * The session user. `subscriptionRequired` marks a login that answered subscription_required;
 * `placeholder` marks the stand-in built from a 402 (docs/product/auth.md#the-signed-in-user),
 * which has no real profile data.
 */
export type SessionUser = User & { subscriptionRequired?: boolean; placeholder?: boolean };

const USER_CACHE_MS = 30_000;

/** Paths where a 402 builds a placeholder user instead of leaving (docs/product/auth.md#the-signed-in-user). */
function staysOnPaymentRequired(path: string): boolean {
  // The subscription flow's own pages must not bounce a gated user away mid-payment either, and the
  // public shared pages stay reachable whatever the subscription (docs/product/subscription.md#gated).
  return (
    path === '' ||
    path === '/' ||
    path === '/subscription' ||
    path.startsWith('/subscription/') ||
    path === '/subscribe' ||
    path.startsWith('/shared/') ||
    path.startsWith('/record-stores/shared/') ||
    path === '/terms-of-service'
  );
}

/** docs/product/auth.md#the-signed-in-user: the stand-in user for a 402 answer. */
export function placeholderUser(body: Partial<PaymentRequiredBody> | null | undefined): SessionUser {
  return {
    id: typeof body?.userId === 'number' ? body.userId : -1,
    username: body?.username || 'User',
    email: body?.email ?? null,
    createdAt: '',
    isAdmin: false,
    accountStatus: 'active',
    subscriptionStatus: 'inactive',
    firstName: null,
    lastName: null,
    trialEndDate: null,
    stripeCustomerId: null,
    trialExpired: true,
    hasHadPaidSubscription: false,
    // Never shown: a placeholder user sees no albums (the app sends them to /subscription).
    loanReminders: { days: LOAN_REMINDER_DEFAULT_DAYS, today: loanToday() },
    subscriptionRequired: true,
    placeholder: true,
  };
}

/** Whether the server served this page without a live session (server/plugins/web-app.ts marks it). */
export function pageServedSignedOut(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`meta[name="${SIGNED_OUT_META}"]`) !== null;
}

let firstRead = true;

/**
 * GET /api/user: the user, null when signed out (401), a placeholder on 402, else an error with the
 * response text. The page's first read answers null without asking when the server served the page
 * signed out (the browser logs every 401 as a console error); later reads, such as after a
 * login, always ask. The mark stands for exactly the 401 the server would have answered.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  const first = firstRead;
  firstRead = false;
  if (first && pageServedSignedOut()) return null;
  const response = await send(API.user, { headers: { Accept: 'application/json' }, signal });
  if (response.status === 401) return null;
  if (response.status === 402) {
    const body = await readJson<Partial<PaymentRequiredBody> | null>(response).catch(() => null);
    if (body?.redirectTo === '/subscription' && !staysOnPaymentRequired(currentPath())) navigateTo('/subscription');
    return placeholderUser(body);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(text || `${response.status}: ${response.statusText}`, response.status, text, undefined);
  }
  return readJson<User>(response);
}

export const userQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.user,
  queryFn: ({ signal }) => fetchSessionUser(signal),
  staleTime: USER_CACHE_MS,
  gcTime: USER_CACHE_MS,
  retry: false,
});

/** The session user query: `user` is null when signed out, undefined while loading. */
export function useSessionUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data };
}

const selectLoanReminders = (user: SessionUser | null): LoanReminders | null => user?.loanReminders ?? null;

/**
 * The user's loan reminders (docs/product/loans.md#reminders): their days and the server's loan
 * day, the same values the server drew the home with. Only that part of the user is watched, so
 * nothing else re-renders.
 */
export function useLoanReminders(): LoanReminders {
  const { data } = useQuery({ ...userQueryOptions, select: selectLoanReminders });
  return data ?? { days: LOAN_REMINDER_DEFAULT_DAYS, today: loanToday() };
}

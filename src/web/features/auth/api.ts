import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../common/access';
import type { LoginRequest, LoginResponse, PaymentRequiredBody, RegisterRequest, User } from '../../../common/auth.schemas';
import { STORAGE_KEYS } from '../../../common/constants';
import { errorToast } from '../../components/ui/use-toast';
import { NetworkError, apiRequest, errorMessage, isApiError } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import { placeholderUser, type SessionUser } from '../../lib/session';
import { localStore } from '../../lib/storage';
import { clearKeptCopy } from '../../offline/offline-copy-client';

const LOGIN_SUBSCRIPTION_REQUIRED = 'Login successful. Subscription required.';

/**
 * POST /api/login (docs/product/auth.md#login). A 402 counts as success with subscription
 * required; either way the subscription message is kept locally for the subscription
 * pages.
 */
export async function login(input: LoginRequest): Promise<SessionUser> {
  try {
    const response = await apiRequest<LoginResponse>('POST', API.login, input);
    // A new session replaces the one an offline logout left to end (docs/product/offline.md#logout).
    localStore.remove(STORAGE_KEYS.pendingLogout);
    if (!response.subscription_required) return response.user;
    localStore.set(STORAGE_KEYS.subscriptionMessage, response.message || LOGIN_SUBSCRIPTION_REQUIRED);
    return { ...response.user, subscriptionRequired: true };
  } catch (error) {
    if (!isApiError(error, 402)) throw error;
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Partial<PaymentRequiredBody>;
    localStore.set(STORAGE_KEYS.subscriptionMessage, body.message || SUBSCRIPTION_REQUIRED_MESSAGE);
    return placeholderUser(body);
  }
}

/** POST /api/register: the new account, already signed in. */
export async function register(input: RegisterRequest): Promise<User> {
  const user = await apiRequest<User>('POST', API.register, input);
  localStore.remove(STORAGE_KEYS.pendingLogout);
  return user;
}

/**
 * docs/product/auth.md#logout: logout clears the cached user; the landing page shows. The device's
 * offline copy goes too. Without a network the device is signed out all the same (a shared or lost phone in
 * a shop): the copy and the page's data go at once, and the server's session is ended as soon as the
 * network is back (`pendingLogout`, sent by the offline copy's hook).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOutHere = async () => {
    await queryClient.cancelQueries();
    // Nothing of the signed-out account may linger in memory or on the device.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== API.user });
    queryClient.setQueryData(QUERY_KEYS.user, null);
    await clearKeptCopy();
    navigate('/');
  };
  return useMutation({
    mutationFn: () => apiRequest('POST', API.logout),
    onSuccess: signOutHere,
    onError: async (error) => {
      if (!(error instanceof NetworkError)) return errorToast(errorMessage(error));
      localStore.set(STORAGE_KEYS.pendingLogout, '1');
      await signOutHere();
    },
  });
}

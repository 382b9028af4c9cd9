import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Disc3, Info } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { STORAGE_KEYS, TRIAL_DAYS } from '../../../common/constants';
import { errorToast, toast, useDismissErrorToastsOnLeave } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { QUERY_KEYS } from '../../lib/api-paths';
import type { NavigationState } from '../../lib/navigation';
import type { SessionUser } from '../../lib/session';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { afterLoginTarget } from './after-login';
import { login, register } from './api';
import type { RegisterFormOutput } from './auth-form.schemas';
import { parseAuthParams, toggleModeHref, type AuthParams } from './auth-params';
import { LoginForm } from './components/login-form';
import { RegisterForm } from './components/register-form';
import type { SubmitResult } from './components/server-field-errors';
import { SubscriptionActivatedBanner } from './components/subscription-activated-banner';
import { VinylArt } from './components/vinyl-art';
import { useAuthArrival, useFromLoginPageFlag } from './use-auth-arrival';

/** docs/product/auth.md#login: an auth failure is an Error toast with the server's message; anything else is unexpected. */
function reportAuthError(error: unknown): SubmitResult {
  if (error instanceof ApiError) {
    errorToast(error.serverMessage || 'An error occurred');
    return { fieldErrors: error.fieldErrors };
  }
  errorToast('An unexpected error occurred');
}

/** Signs the user in on the client and goes where docs/product/auth.md#after-login says. */
function useCompleteSignIn(params: AuthParams) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const historyState = useHistoryState<NavigationState | null>();
  return (user: SessionUser) => {
    const pendingSessionId = localStore.get(STORAGE_KEYS.pendingSubscriptionSessionId);
    const storedTarget = localStore.get(STORAGE_KEYS.redirectAfterSubscriptionLogin);
    const target = afterLoginTarget({
      pendingSessionId,
      subscriptionActivated: params.subscriptionActivated || localStore.get(STORAGE_KEYS.subscriptionActivated) === 'true',
      subscribe: params.subscribe,
      stateTarget: historyState?.from,
      storedTarget,
    });
    if (storedTarget) localStore.remove(STORAGE_KEYS.redirectAfterSubscriptionLogin);
    // The user goes into the cache before the navigation so the signed-in routes render the target.
    queryClient.setQueryData(QUERY_KEYS.user, user);
    if (pendingSessionId) {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.user });
      toast({ title: 'Processing your subscription...', description: 'Hold on while we activate your premium membership.' });
    }
    navigate(target);
  };
}

export default function AuthPage() {
  const search = useSearch();
  const [pathname] = useLocation();
  const params = useMemo(() => parseAuthParams(search), [search]);
  const { mode } = params;
  useDocumentTitle(mode === 'login' ? 'Log in' : 'Register');
  useDismissErrorToastsOnLeave(mode);
  useFromLoginPageFlag();
  useAuthArrival(params);
  const completeSignIn = useCompleteSignIn(params);

  const loginMutation = useMutation({ mutationFn: login });
  const registerMutation = useMutation({ mutationFn: register });

  const submitLogin = async (values: { username: string; password: string }): Promise<SubmitResult> => {
    const pendingSubscriptionSessionId = localStore.get(STORAGE_KEYS.pendingSubscriptionSessionId);
    try {
      const user = await loginMutation.mutateAsync({ ...values, ...(pendingSubscriptionSessionId ? { pendingSubscriptionSessionId } : {}) });
      completeSignIn(user);
    } catch (error) {
      return reportAuthError(error);
    }
  };

  const submitRegister = async (values: RegisterFormOutput): Promise<SubmitResult> => {
    try {
      const user = await registerMutation.mutateAsync(values);
      toast({ title: 'Account created', description: 'Your account has been created successfully.', variant: 'success' });
      completeSignIn(user);
    } catch (error) {
      return reportAuthError(error);
    }
  };

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-accent-soft p-12 lg:flex">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-ink">
          <Disc3 aria-hidden className="size-6 text-accent" />
          Spindle
        </Link>
        <div className="flex justify-center py-10">
          <VinylArt />
        </div>
        <div className="max-w-md">
          <p className="text-2xl leading-snug font-semibold tracking-tight text-ink">Every record you own, every one you lent out, one tap away.</p>
          <p className="mt-3 text-sm text-ink-muted">Collections, cover art found for you, read-only sharing and CSV export. {TRIAL_DAYS} days free, no card needed.</p>
        </div>
      </aside>

      <main className="flex flex-col px-6 py-8 sm:px-10">
        <Link href="/" className="flex items-center gap-2 self-start text-lg font-semibold tracking-tight lg:hidden">
          <Disc3 aria-hidden className="size-6 text-accent" />
          Spindle
        </Link>
        <div className="mx-auto my-auto w-full max-w-sm py-10">
          <h1 className="text-3xl font-semibold tracking-tight">{mode === 'login' ? 'Welcome back' : 'Create your account'}</h1>
          <p className="mt-2 text-sm text-ink-muted">
            {mode === 'login' ? 'Log in to your collection.' : `Start your ${TRIAL_DAYS}-day free trial. No credit card needed.`}
          </p>

          <div className="mt-6 grid gap-3 empty:hidden">
            {params.subscriptionActivated && <SubscriptionActivatedBanner />}
            {params.subscribe && mode === 'login' && (
              <p className="flex gap-2 rounded-xl border border-line bg-surface p-3 text-sm text-ink-muted">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                Log in and we'll take you straight to checkout.
              </p>
            )}
          </div>

          <div className="mt-8">
            {mode === 'login' ? (
              <LoginForm key="login" pending={loginMutation.isPending} onSubmit={submitLogin} />
            ) : (
              <RegisterForm key="register" pending={registerMutation.isPending} onSubmit={submitRegister} />
            )}
          </div>

          <p className="mt-8 text-center text-sm text-ink-muted">
            {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
            <Link
              href={toggleModeHref(pathname, search, mode === 'login' ? 'register' : 'login')}
              className="font-medium text-accent hover:underline"
            >
              {mode === 'login' ? 'Register here' : 'Login here'}
            </Link>
          </p>
        </div>
        <p className="text-center text-xs text-ink-muted">
          By continuing you agree to the{' '}
          <Link href="/terms-of-service" className="underline hover:text-ink">
            Terms of Service
          </Link>
          .
        </p>
      </main>
    </div>
  );
}

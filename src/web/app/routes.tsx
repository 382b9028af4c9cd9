import { useEffect } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import type { SessionUser } from '../lib/session';
import {
  AlbumFormPage,
  AuthPage,
  CollectionHomePage,
  ComingSoonPage,
  ForgotPasswordPage,
  LandingPage,
  ProfilePage,
  ResetPasswordPage,
  SharedCollectionPage,
  TermsPage,
} from './lazy-pages';

/** Pages of later issues: each says it is on its way and leads back. */
const upcoming = {
  analytics: { title: 'Collection Analytics', text: 'Totals, albums per collection and per genre, and who has your lent records.' },
  recordStores: { title: 'Record Stores', text: 'The record stores you love, with maps and a link to share them.' },
  sharedStores: { title: 'Shared Record Stores', text: 'A collector’s favourite record stores, shared with you.' },
  admin: { title: 'Admin Dashboard', text: 'Users, alerts, payments and test tools for administrators.' },
  subscription: { title: 'Subscription', text: 'Your plan, trial and payment details.' },
  subscribe: { title: 'Subscribe', text: 'Premium Membership for $16.99 a year.' },
  success: { title: 'Subscription Successful', text: 'Activating your subscription.' },
  cancel: { title: 'Checkout Canceled', text: 'Your checkout was canceled and nothing was charged.' },
} as const;

const soon = (key: keyof typeof upcoming) => () => <ComingSoonPage {...upcoming[key]} />;

/** A signed-in user has no business on the auth page: on to the collection home (keeping our own post-login target). */
function SignedInAuthRedirect() {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (window.location.pathname === '/auth' || window.location.pathname === '/login') navigate('/collections', { replace: true });
  }, [navigate]);
  return null;
}

/** Spec 1 §2 and D13: the signed-in route switch; unknown paths show the collection home. */
export function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={CollectionHomePage} />
      <Route path="/collection" component={CollectionHomePage} />
      <Route path="/collections" component={CollectionHomePage} />
      <Route path="/album/new" component={AlbumFormPage} />
      <Route path="/album/:id" component={AlbumFormPage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/analytics">{soon('analytics')}</Route>
      <Route path="/record-stores">{soon('recordStores')}</Route>
      <Route path="/record-stores/shared/:token">{soon('sharedStores')}</Route>
      <Route path="/terms-of-service" component={TermsPage} />
      <Route path="/admin">{soon('admin')}</Route>
      <Route path="/subscription">{soon('subscription')}</Route>
      <Route path="/subscribe">{soon('subscribe')}</Route>
      <Route path="/subscription/success">{soon('success')}</Route>
      <Route path="/subscription/cancel">{soon('cancel')}</Route>
      <Route path="/shared/:shareToken" component={SharedCollectionPage} />
      <Route path="/auth" component={SignedInAuthRedirect} />
      <Route path="/login" component={SignedInAuthRedirect} />
      <Route component={CollectionHomePage} />
    </Switch>
  );
}

/** Spec 2 §2: after payment the visitor lands on /?subscription_activated=true and must log in again. */
function SignedOutHome() {
  const activated = new URLSearchParams(useSearch()).get('subscription_activated') === 'true';
  return activated ? <AuthPage /> : <LandingPage />;
}

/** Spec 1 §2 and D13: the signed-out route switch; / and unknown paths show the landing page. */
export function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/" component={SignedOutHome} />
      <Route path="/subscription">{soon('subscription')}</Route>
      <Route path="/subscribe">{soon('subscribe')}</Route>
      <Route path="/subscription/success">{soon('success')}</Route>
      <Route path="/subscription/cancel">{soon('cancel')}</Route>
      <Route path="/auth" component={AuthPage} />
      <Route path="/login" component={AuthPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/terms-of-service" component={TermsPage} />
      <Route path="/shared/:shareToken" component={SharedCollectionPage} />
      {/* Spec 2 §6: visitors may open a shared record-store list too. */}
      <Route path="/record-stores/shared/:token">{soon('sharedStores')}</Route>
      <Route component={LandingPage} />
    </Switch>
  );
}

export function AppRoutes({ user }: { user: SessionUser | null }) {
  return user ? <SignedInRoutes /> : <SignedOutRoutes />;
}

import { useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import type { SessionUser } from '../lib/session';
import {
  AdminPage,
  AlbumFormPage,
  AnalyticsPage,
  AuthPage,
  CheckPage,
  CollectionHomePage,
  ForgotPasswordPage,
  GiftListPage,
  ImportPage,
  LandingPage,
  ProfilePage,
  RecordStoresPage,
  ResetPasswordPage,
  SharedCollectionPage,
  SharedRecordStoresPage,
  SubscribePage,
  SubscriptionCancelPage,
  SubscriptionPage,
  SubscriptionSuccessPage,
  TermsPage,
  WishFormPage,
  WishlistPage,
} from './lazy-pages';
import { SignedInFrame } from './signed-in-frame';

/** A signed-in user has no business on the auth page: on to the collection home (keeping our own post-login target). */
function SignedInAuthRedirect() {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (window.location.pathname === '/auth' || window.location.pathname === '/login')
      navigate('/collections', { replace: true });
  }, [navigate]);
  return null;
}

/**
 * A signed-in page opened signed out: to /auth, which returns here after login
 * (docs/product/auth.md#after-login), query included (a prefilled wish form keeps its prefill:
 * docs/product/wishlist.md#prefill).
 */
function SignInFirst() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    navigate('/auth', { replace: true, state: { from: search ? `${location}?${search}` : location } });
  }, [navigate, location, search]);
  return null;
}

/** A page inside the signed-in frame (the shared header). */
const framed = (Page: ComponentType) =>
  function FramedPage() {
    return (
      <SignedInFrame>
        <Page />
      </SignedInFrame>
    );
  };

// Made once, so a page keeps its identity (and its state) across renders of the switch.
const Framed = {
  AlbumForm: framed(AlbumFormPage),
  Check: framed(CheckPage),
  Profile: framed(ProfilePage),
  Analytics: framed(AnalyticsPage),
  Import: framed(ImportPage),
  RecordStores: framed(RecordStoresPage),
  Admin: framed(AdminPage),
  Subscription: framed(SubscriptionPage),
  Subscribe: framed(SubscribePage),
  SubscriptionSuccess: framed(SubscriptionSuccessPage),
  SubscriptionCancel: framed(SubscriptionCancelPage),
  Wishlist: framed(WishlistPage),
  WishForm: framed(WishFormPage),
};

/**
 * The signed-in route switch (docs/product/landing.md#routes); unknown paths show the collection
 * home. Every signed-in page has the same header (docs/product/collections.md#frame): the home draws
 * it itself (the server draws the home, so the header must be part of that tree), the others get it
 * from the frame. Pages anyone may open (a share link, the terms) keep their own look.
 */
export function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={CollectionHomePage} />
      <Route path="/collection" component={CollectionHomePage} />
      <Route path="/collections" component={CollectionHomePage} />
      <Route path="/album/new" component={Framed.AlbumForm} />
      <Route path="/album/:id" component={Framed.AlbumForm} />
      <Route path="/check" component={Framed.Check} />
      <Route path="/profile" component={Framed.Profile} />
      <Route path="/analytics" component={Framed.Analytics} />
      <Route path="/import" component={Framed.Import} />
      <Route path="/record-stores" component={Framed.RecordStores} />
      <Route path="/record-stores/shared/:token" component={SharedRecordStoresPage} />
      <Route path="/terms-of-service" component={TermsPage} />
      <Route path="/wishlist" component={Framed.Wishlist} />
      <Route path="/wishlist/:id" component={Framed.WishForm} />
      <Route path="/admin" component={Framed.Admin} />
      <Route path="/subscription" component={Framed.Subscription} />
      <Route path="/subscribe" component={Framed.Subscribe} />
      <Route path="/subscription/success" component={Framed.SubscriptionSuccess} />
      <Route path="/subscription/cancel" component={Framed.SubscriptionCancel} />
      <Route path="/shared/:shareToken" component={SharedCollectionPage} />
      <Route path="/wishlist/shared/:token" component={GiftListPage} />
      <Route path="/auth" component={SignedInAuthRedirect} />
      <Route path="/login" component={SignedInAuthRedirect} />
      <Route component={CollectionHomePage} />
    </Switch>
  );
}

/** docs/product/subscription.md#after-payment: the visitor lands on /?subscription_activated=true and must log in again. */
function SignedOutHome() {
  const activated = new URLSearchParams(useSearch()).get('subscription_activated') === 'true';
  return activated ? <AuthPage /> : <LandingPage />;
}

/** The signed-out route switch (docs/product/landing.md#routes); / and unknown paths show the landing page. */
export function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/" component={SignedOutHome} />
      <Route path="/subscription" component={SubscriptionPage} />
      <Route path="/subscribe" component={SubscribePage} />
      <Route path="/subscription/success" component={SubscriptionSuccessPage} />
      <Route path="/subscription/cancel" component={SubscriptionCancelPage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/login" component={AuthPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/terms-of-service" component={TermsPage} />
      <Route path="/shared/:shareToken" component={SharedCollectionPage} />
      {/* docs/product/wishlist.md#gift-list-page: anyone holding the link may open a gift list. */}
      <Route path="/wishlist/shared/:token" component={GiftListPage} />
      {/* docs/product/record-stores.md#shared-page: visitors may open a shared record-store list too. */}
      <Route path="/record-stores/shared/:token" component={SharedRecordStoresPage} />
      {/* docs/product/record-stores.md#page: the record stores page sends a signed-out visitor to /auth. */}
      <Route path="/record-stores" component={SignInFirst} />
      {/* docs/product/wishlist.md#page: the wish list and its form send a signed-out visitor to /auth. */}
      <Route path="/wishlist" component={SignInFirst} />
      <Route path="/wishlist/:id" component={SignInFirst} />
      <Route component={LandingPage} />
    </Switch>
  );
}

export function AppRoutes({ user }: { user: SessionUser | null }) {
  return user ? <SignedInRoutes /> : <SignedOutRoutes />;
}

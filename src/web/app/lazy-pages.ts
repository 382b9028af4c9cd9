import { lazy } from 'react';

/*
 * Every page is its own chunk (route-level code splitting): the landing entry never loads the
 * signed-in app, and a page's code arrives only when its route is visited.
 */
export const LandingPage = lazy(() => import('../features/landing/landing-page'));
export const TermsPage = lazy(() => import('../features/terms/terms-page'));
export const AuthPage = lazy(() => import('../features/auth/auth-page'));
export const ProfilePage = lazy(() => import('../features/users/profile-page'));
// Not React.lazy: see collection-home-entry.tsx (its code is fetched as the app starts).
export { CollectionHomePage } from '../features/collection-home/collection-home-entry';
export const AlbumFormPage = lazy(() => import('../features/albums/album-form-page'));
// The record check; its camera scanner is a chunk of its own again, loaded on Scan.
export const CheckPage = lazy(() => import('../features/record-check/check-page'));
// Its charts are drawn in its own chunk: nothing here weighs on the home or the landing page.
export const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page'));
// The import page and its report are their own chunk.
export const ImportPage = lazy(() => import('../features/import/import-page'));
export const SharedCollectionPage = lazy(() => import('../features/sharing/shared-collection-page'));
export const GiftListPage = lazy(() => import('../features/sharing/gift-list-page'));
export const ForgotPasswordPage = lazy(() => import('../features/password-reset/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('../features/password-reset/reset-password-page'));
export const AdminPage = lazy(() => import('../features/admin/admin-page'));
export const SubscriptionPage = lazy(() => import('../features/subscription/subscription-page'));
export const SubscribePage = lazy(() => import('../features/subscription/subscribe-page'));
export const SubscriptionSuccessPage = lazy(() => import('../features/subscription/subscription-success-page'));
export const SubscriptionCancelPage = lazy(() => import('../features/subscription/subscription-cancel-page'));
// Leaflet loads only on these two pages (and only once a map is drawn: store-map.tsx).
export const RecordStoresPage = lazy(() => import('../features/record-stores/record-stores-page'));
export const SharedRecordStoresPage = lazy(() => import('../features/record-stores/shared-record-stores-page'));
export const WishlistPage = lazy(() => import('../features/wishlist/wishlist-page'));
export const WishFormPage = lazy(() => import('../features/wishlist/wish-form-page'));

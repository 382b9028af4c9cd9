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
export { CollectionHomePage } from '../features/collections/collection-home-entry';
export const AlbumFormPage = lazy(() => import('../features/albums/album-form-page'));
export const SharedCollectionPage = lazy(() => import('../features/sharing/shared-collection-page'));
export const ForgotPasswordPage = lazy(() => import('../features/password-reset/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('../features/password-reset/reset-password-page'));
export const ComingSoonPage = lazy(() => import('../features/placeholders/coming-soon-page'));

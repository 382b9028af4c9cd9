/** Business constants of the product (docs/product/limits.md, and the feature pages for the rest). */

export const PRODUCT_NAME = 'Spindle';

export const GENRES = [
  'Rock',
  'Pop',
  'Hip-hop/Rap',
  'R&B',
  'Jazz',
  'Blues',
  'Classical',
  'Electronic/Dance',
  'Country',
  'Folk',
  'Metal',
  'Reggae',
  'Soul',
  'Funk',
  'Gospel',
  'World Music',
  'Latin',
  'Alternative',
  'Indie',
  'Punk',
] as const;
export type Genre = (typeof GENRES)[number];

export const CONDITIONS = [
  'Mint (M)',
  'Near Mint (NM)',
  'Very Good Plus (VG+)',
  'Very Good (VG)',
  'Good Plus (G+)',
  'Good (G)',
  'Fair (F)',
  'Poor (P)',
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const PRICE_USD = 16.99;
export const PRICE_LABEL = '$16.99';
export const TRIAL_DAYS = 30;
export const CHECKOUT_TIER = 'premium';
export const PLAN_NAME = 'Premium Membership';

/** Free tier after a paid plan was canceled (docs/product/subscription.md#free-tier). */
export const FREE_TIER_MAX_COLLECTIONS = 3;
export const FREE_TIER_MAX_ALBUMS_PER_COLLECTION = 50;
/** docs/product/wishlist.md#free-tier */
export const FREE_TIER_MAX_WISH_ITEMS = 50;

export const MIN_RELEASE_YEAR = 1900;
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the bound only stops hashing megabytes. Never truncated. */
export const PASSWORD_MAX_LENGTH = 256;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const ACCOUNT_STATUSES = ['active', 'paused', 'revoked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'trialing', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ALERT_TYPES = [
  'album_count',
  'collection_count',
  'subscription_active',
  'subscription_inactive',
  'new_user',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Marketing structured data (docs/product/landing.md#landing). */
export const STRUCTURED_DATA = {
  priceValidUntil: '2025-12-31',
  ratingValue: '4.8',
  ratingCount: '142',
} as const;

export const STORAGE_KEYS = {
  theme: 'spindle-theme',
  selectedCollection: 'selectedCollection',
  /** The collection home's sort, filters and grid or list view, kept across reloads on this device. */
  homeView: 'spindle-home-view',
  /** The overdue loans the collector dismissed the home's notice for. */
  overdueDismissed: 'spindle-overdue-dismissed',
  pendingSubscriptionSessionId: 'pendingSubscriptionSessionId',
  tempAuthForSubscription: 'temp_auth_for_subscription',
  tempAuthMessage: 'temp_auth_message',
  redirectAfterSubscriptionLogin: 'redirect_after_subscription_login',
  subscriptionActivated: 'subscription_activated',
  subscriptionMessage: 'subscription_message',
  /**
   * docs/product/subscription.md#pages: before payment, where the checkout was started from
   * ('subscription-page').
   */
  subscriptionOrigin: 'subscription_origin',
  /**
   * docs/product/offline.md#logout: a logout made without a network, sent to the server when the
   * network is back.
   */
  pendingLogout: 'spindle-pending-logout',
} as const;

/**
 * A copy of localStorage's selectedCollection the server can read, so it draws the collection the
 * browser will select (the home is drawn on the server: docs/product/collections.md#home). localStorage
 * stays the rule.
 */
export const SELECTED_COLLECTION_COOKIE = 'spindle_selected_collection';
/** A copy of localStorage's home view (common/home-view.ts), so the server draws the home as the browser would. */
export const HOME_VIEW_COOKIE = 'spindle_home_view';
/**
 * A copy of localStorage's dismissed overdue loans (common/overdue-dismissal.ts), so the server draws
 * the home's overdue line, or leaves it out, as the browser will (docs/product/loans.md#overdue-count).
 */
export const OVERDUE_DISMISSED_COOKIE = 'spindle_overdue_dismissed';

export const SESSION_STORAGE_KEYS = {
  fromLoginPage: 'from_login_page',
  fromSubscriptionSuccess: 'from_subscription_success',
  subscriptionPaymentCompleted: 'subscription_payment_completed',
} as const;

/** The header of a slice of GET /api/albums (?offset=&limit=) that gives the length of the whole list. */
export const ALBUM_LIST_TOTAL_HEADER = 'x-total-count';

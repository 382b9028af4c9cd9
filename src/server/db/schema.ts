import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Conventions that keep SQLite and PostgreSQL identical:
 * - booleans are integers 0/1 (better-sqlite3 cannot bind booleans);
 * - timestamps are ISO-8601 UTC strings (sortable as text);
 * - money is integer cents;
 * - binary data is a Buffer (BLOB / BYTEA).
 */
type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Id;
  username: string;
  email: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  is_admin: Flag;
  account_status: ColumnType<string, string | undefined, string>;
  subscription_status: ColumnType<string, string | undefined, string>;
  trial_end_date: string | null;
  has_had_paid_subscription: Flag;
  stripe_customer_id: string | null;
  provider_subscription_id: string | null;
  plan_type: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  record_store_share_token: string | null;
  /** Bumped with every collection or album write of this user (caches key on it). */
  data_version: ColumnType<number, number | undefined, number>;
  /** Where the subscription lives: 'demo' | 'stripe-test' | 'stripe-live' (migration 003). */
  payment_provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last trial notice fired: 'ending' | 'ended', so each fires once (migration 003). */
  trial_notice: ColumnType<string | null, string | null | undefined, string | null>;
  /** Loan reminders: albums lent longer than this many days are overdue (migration 006). */
  loan_reminder_days: ColumnType<number, number | undefined, number>;
  /** When an administrator last changed the subscription; older payments cannot undo it (migration 007). */
  subscription_changed_by_admin_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The gift list's share token, null when not shared (migration 012). */
  wishlist_share_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a database read does not yield live sessions. */
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface LoginAttemptsTable {
  id: Id;
  /** 'login-ip:1.2.3.4', 'login-account:name', 'forgot-ip:…', 'forgot-email:…' */
  bucket: string;
  created_at: string;
}

/** One creating request of a user: `amount` things of `kind` (creation-budgets.ts). */
export interface CreationBudgetEntriesTable {
  id: Id;
  user_id: number;
  kind: string;
  amount: number;
  created_at: string;
}

/** A request waiting for a shared upstream's pace (upstream/fair-queue.ts). */
export interface UpstreamTicketsTable {
  id: Id;
  queue: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  served_at: string | null;
}

export interface CollectionsTable {
  id: Id;
  user_id: number;
  name: string;
  /** lower(trim(name)): names are unique per user case-insensitively (docs/product/collections.md#fields). */
  name_key: string;
  share_token: string | null;
  created_at: string;
}

export interface AlbumsTable {
  id: Id;
  user_id: number;
  collection_id: number;
  title: string;
  artist: string;
  /** lower(trim(title)) and lower(trim(artist)): the duplicate rule of docs/product/albums.md#duplicates. */
  title_key: string;
  artist_key: string;
  purchase_location: string | null;
  purchase_date: string | null;
  price_cents: number | null;
  cover_url: string | null;
  genre: string | null;
  label: string | null;
  release_year: number | null;
  country: string | null;
  media_condition: string | null;
  sleeve_condition: string | null;
  is_lent: Flag;
  lent_to: string | null;
  lent_date: string | null;
  created_at: string;
  updated_at: string;
  /** One of common/album-formats.ts's ALBUM_FORMATS. */
  format: string | null;
  catalog_number: string | null;
  /** Digits only, check digit verified. */
  barcode: string | null;
  pressing: string | null;
  notes: string | null;
  rating: number | null;
  location: string | null;
  /** JSON text of Track[] (common/album-details.schemas.ts). */
  tracklist: string | null;
  discogs_release_id: number | null;
  musicbrainz_release_id: string | null;
  /** When the copy joined the collection (ISO 8601); null only for rows an older build inserted. */
  added_at: string | null;
}

/** A wanted record (docs/product/wishlist.md, migration 012). */
export interface WishItemsTable {
  id: Id;
  user_id: number;
  title: string;
  artist: string;
  /** As an album's: the "you already own it" check compares these. */
  title_key: string;
  artist_key: string;
  format: string | null;
  pressing: string | null;
  catalog_number: string | null;
  barcode: string | null;
  max_price_cents: number | null;
  /** 1 must have, 2 want, 3 maybe. */
  priority: ColumnType<number, number | undefined, number>;
  notes: string | null;
  cover_url: string | null;
  discogs_release_id: number | null;
  musicbrainz_release_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: Id;
  /** The server-made file name served at /api/cover-art/{name}. */
  name: string;
  user_id: number;
  content_type: string;
  data: Buffer;
  thumb_data: Buffer | null;
  width: number;
  height: number;
  sha256: string;
  source_url: string | null;
  created_at: string;
}

export interface HttpCacheTable {
  key: string;
  content_type: string | null;
  body: Buffer;
  expires_at: string;
}

export interface RecordStoresTable {
  id: Id;
  user_id: number;
  name: string;
  address: string;
  street_address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
  website: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Mail waiting to go, sent, or given up (migration 004): a row first, so it survives a restart. */
export interface MailOutboxTable {
  id: Id;
  idempotency_key: string;
  /** The template: 'password-reset', 'password-changed', 'trial-ending', 'trial-ended', 'payment-failed', 'alert'. */
  kind: string;
  to_address: string;
  subject: string;
  /** Cleared once the mail is sent or given up: a reset link is not kept in the database longer than needed. */
  text_body: string | null;
  html_body: string | null;
  /** 'pending' | 'sent' | 'failed' | 'expired' */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  lease_until: string | null;
  lease_owner: string | null;
  last_error: string | null;
  expires_at: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: number;
  provider: string;
  /** 'open' | 'paid' | 'canceled' (the demo's single use); Stripe's own state is re-read from Stripe. */
  status: string;
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  /** sha256 of the demo checkout page's form secret. */
  secret_hash: string | null;
  provider_subscription_id: string | null;
  /** Stripe's mode ('test' | 'live') the session was created in; null for the demo. */
  mode: string | null;
}

export interface DemoSubscriptionsTable {
  id: string;
  user_id: number;
  status: string;
  current_period_start: string;
  current_period_end: string;
  created_at: string;
  canceled_at: string | null;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface AlertConfigsTable {
  id: Id;
  type: string;
  enabled: Flag;
  threshold: number | null;
  email_notification: Flag;
  notification_email: string | null;
}

export interface AlertHistoryTable {
  id: Id;
  type: string;
  user_id: number | null;
  username: string | null;
  /** JSON text: {count} | {planType} | {reason}. */
  details: string;
  read: Flag;
  created_at: string;
}

/** One imported album to look up on MusicBrainz (migration 011). */
export interface EnrichmentJobsTable {
  id: Id;
  user_id: number;
  album_id: number;
  /** 'queued' | 'matched' | 'unmatched'. */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface EnrichmentPausesTable {
  user_id: number;
  paused_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  login_attempts: LoginAttemptsTable;
  creation_budget_entries: CreationBudgetEntriesTable;
  upstream_tickets: UpstreamTicketsTable;
  collections: CollectionsTable;
  albums: AlbumsTable;
  wish_items: WishItemsTable;
  images: ImagesTable;
  http_cache: HttpCacheTable;
  record_stores: RecordStoresTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  checkout_sessions: CheckoutSessionsTable;
  demo_subscriptions: DemoSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  alert_configs: AlertConfigsTable;
  alert_history: AlertHistoryTable;
  enrichment_jobs: EnrichmentJobsTable;
  enrichment_pauses: EnrichmentPausesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type NewAlbum = Insertable<AlbumsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;
export type WishItemRow = Selectable<WishItemsTable>;
export type RecordStoreRow = Selectable<RecordStoresTable>;

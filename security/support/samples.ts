import { randomBytes } from 'node:crypto';
import { uniqueEmail } from './http.js';
import type { RouteInfo } from './server.js';
import { albumBody, storeBody, type Owner } from './world.js';

/** What a sample request may answer when the schema accepted it (anything else but 400 and 5xx). */
export interface Sample {
  body: Record<string, unknown>;
  /** The sample ends the caller's session (sign in again afterwards). */
  endsSession?: boolean;
}

const unique = () => randomBytes(3).toString('hex');

/**
 * A valid body for every route that has a body schema, for the caller `me` (their own objects). A
 * route of the table with a body schema and no sample fails the suite until one is added here.
 */
export const SAMPLES: Record<string, (me: Owner) => Sample> = {
  'POST /api/register': () => ({ body: { username: uniqueEmail('mass'), password: 'correct horse battery', firstName: 'M', lastName: 'A' }, endsSession: true }),
  'POST /api/login': (me) => ({ body: { username: me.email, password: me.password } }),
  'POST /api/auth/force-logout': () => ({ body: { redirectUrl: '/auth' }, endsSession: true }),
  'PUT /api/user/update': (me) => ({ body: { email: me.email, firstName: 'Mass', lastName: 'Assign' } }),
  'PUT /api/user/loan-reminders': () => ({ body: { days: 45 } }),
  // Its own password again: refused as unchanged (400), on purpose. A sample that changed it would leave
  // the suite's owners unable to sign in again; the change itself is tested in password-change.test.ts.
  'PUT /api/user/password': (me) => ({ body: { currentPassword: me.password, newPassword: me.password, confirmPassword: me.password } }),
  'POST /api/collections': () => ({ body: { name: `Mass ${unique()}` } }),
  'PUT /api/collections/:id': () => ({ body: { name: `Renamed ${unique()}` } }),
  'POST /api/albums': (me) => ({ body: albumBody(me.collectionName, { title: `Mass ${unique()}` }) }),
  'PUT /api/albums/:id': (me) => ({ body: albumBody(me.collectionName, { title: `Edited ${unique()}` }) }),
  'POST /api/albums/bulk': (me) => ({ body: { ids: [me.albumId], action: 'update', changes: { location: `Shelf ${unique()}` } } }),
  'POST /api/cover-art/import': (me) => ({ body: { url: me.coverUrl } }),
  'POST /api/record-stores': () => ({ body: storeBody({ name: `Mass ${unique()}` }) }),
  'PUT /api/record-stores/:id': () => ({ body: storeBody({ name: `Edited ${unique()}` }) }),
  'POST /api/record-stores/update-coordinates': (me) => ({ body: { storeId: me.storeId } }),
  'POST /api/wishlist': () => ({ body: { title: `Wish ${unique()}`, artist: 'Sample Artist', allowOwned: true } }),
  'PUT /api/wishlist/:id': () => ({ body: { title: `Edited wish ${unique()}`, artist: 'Sample Artist' } }),
  'POST /api/wishlist/:id/acquired': (me) => ({ body: { collection: me.collectionName, allowDuplicate: true } }),
  'POST /api/subscription/checkout': () => ({ body: { tier: 'premium' } }),
  'POST /api/subscription/direct-update': () => ({ body: { sessionId: 'cs_unknown_session' } }),
  'POST /api/auth/forgot-password': (me) => ({ body: { email: me.email } }),
  'POST /api/auth/reset-password': () => ({ body: { token: 'A'.repeat(43), password: 'another long password' } }),
};

/** Routes the mass-assignment pass does not send, with the reason. */
export const MASS_ASSIGNMENT_SKIP: Record<string, string> = {
  'POST /api/auth/reset-password': 'needs a mailed token (tested with one in auth-and-headers); its body has no owner field',
};

function ownObjectId(url: string, me: Owner): number {
  if (url.startsWith('/api/albums')) return me.albumId;
  if (url.startsWith('/api/record-stores')) return me.storeId;
  if (url.startsWith('/api/wishlist')) return me.wishId;
  return me.collectionId;
}

/** The path with the caller's own object in it (for routes of PATH_CLASSES 'owned'). */
export function ownPath(route: RouteInfo, me: Owner): string {
  return route.url
    .replace(':id', String(ownObjectId(route.url, me)))
    .replace(':filename', me.coverName);
}

/**
 * Fields a client must never be able to set: roles, owners, subscription and account state, ids.
 * Sent on top of every valid body, in both spellings.
 */
export const PRIVILEGED_FIELDS = (victimId: number, victimObjectId: number) => ({
  isAdmin: true,
  is_admin: 1,
  role: 'admin',
  userId: victimId,
  user_id: victimId,
  ownerId: victimId,
  id: victimObjectId,
  subscriptionStatus: 'active',
  subscription_status: 'active',
  accountStatus: 'active',
  account_status: 'active',
  trialEndDate: '2999-01-01T00:00:00.000Z',
  trial_end_date: '2999-01-01T00:00:00.000Z',
  dataVersion: 999,
  shareToken: 'attacker-chosen-token-000000000000',
  share_token: 'attacker-chosen-token-000000000000',
  createdAt: '2000-01-01T00:00:00.000Z',
  passwordHash: 'x',
  password_hash: 'x',
});

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { shelfMarkerCookieName } from '../../common/offline-copy.js';
import type { AppContext } from '../context.js';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

export const SESSION_COOKIE = 'spindle_session';
/**
 * Over https the cookie carries the `__Host-` prefix: browsers accept it only when it is Secure, has
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or overwrite it
 * (session fixation through a cookie set by another host of the site).
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for this configuration: `__Host-spindle_session` when PUBLIC_URL is https. */
export const sessionCookieName = (config: { secureCookies: boolean }): string => (config.secureCookies ? HOST_SESSION_COOKIE : SESSION_COOKIE);

const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * The offline shelf's marker of a session (see common/offline-copy.ts): a one-way hash of the
 * session's stored hash, so neither the marker nor anything that reads it can give back the cookie.
 */
export const shelfMarker = (sessionIdHash: string): string => createHash('sha256').update(`offline-shelf:${sessionIdHash}`).digest('base64url').slice(0, 22);

const MAX_KEPT_MARKERS = 10_000;
const keptMarkers = new Map<string, string>();

/**
 * `shelfMarker` of a live session, kept: the marker depends on nothing but the session's hash, so a
 * kept one is never stale, and GET /api/user needs it twice per call (the marker cookie's check and the
 * offline copy's tag), which cost two SHA-256 passes on every call.
 */
export function sessionShelfMarker(sessionIdHash: string): string {
  let marker = keptMarkers.get(sessionIdHash);
  if (marker === undefined) {
    marker = shelfMarker(sessionIdHash);
    if (keptMarkers.size >= MAX_KEPT_MARKERS) keptMarkers.delete(keptMarkers.keys().next().value!);
    keptMarkers.set(sessionIdHash, marker);
  }
  return marker;
}

const markerCookieOptions = (config: { secureCookies: boolean }) => ({ path: '/', httpOnly: false, sameSite: 'lax' as const, secure: config.secureCookies });

/** Server-side sessions: the cookie holds 256 random bits; the table holds only their hash. */
export async function startSession(app: FastifyInstance, reply: FastifyReply, userId: number): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + app.ctx.config.sessionDays * 86_400_000);
  await app.ctx.db
    .insertInto('sessions')
    .values({ id_hash: hashSessionId(id), user_id: userId, created_at: now.toISOString(), expires_at: expires.toISOString() })
    .execute();
  void reply.setCookie(sessionCookieName(app.ctx.config), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
    expires,
  });
  void reply.setCookie(shelfMarkerCookieName(app.ctx.config.secureCookies), shelfMarker(hashSessionId(id)), { ...markerCookieOptions(app.ctx.config), expires });
}

/**
 * Ends every session of the user (a new password, a paused account), except `keepIdHash`'s: the
 * request that changed the password stays signed in. Call it in the transaction of that change.
 */
export async function endUserSessions(db: Executor, userId: number, keepIdHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash !== undefined) query = query.where('id_hash', '<>', keepIdHash);
  await query.execute();
}

/** Ends this request's session on the server and clears the cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionIdHash) {
    await app.ctx.db.deleteFrom('sessions').where('id_hash', '=', request.sessionIdHash).execute();
  }
  void reply.clearCookie(sessionCookieName(app.ctx.config), { path: '/', httpOnly: true, sameSite: 'lax', secure: app.ctx.config.secureCookies });
  void reply.clearCookie(shelfMarkerCookieName(app.ctx.config.secureCookies), markerCookieOptions(app.ctx.config));
}

type SessionRow = UserRow & { session_expires_at: string };

/**
 * One indexed lookup: the live session's user, if the account is active (paused or revoked → none,
 * docs/product/auth.md#paused-and-revoked). It runs on every /api request, so its SQL is compiled once per
 * database rather than rebuilt each time.
 */
function sessionLookup(db: Db): (idHash: string) => Promise<SessionRow | undefined> {
  const { sql: text } = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id_hash', '=', '?')
    .where('sessions.expires_at', '>', '?')
    .where('users.account_status', '=', 'active')
    .compile();
  return async (idHash) => {
    const result = await db.executeQuery<SessionRow>(CompiledQuery.raw(text, [idHash, nowIso(), 'active']));
    return result.rows[0];
  };
}

const MAX_CACHED_SESSIONS = 10_000;

type Session = { user: UserRow; idHash: string; expiresAt: number } | undefined;

/**
 * Resolves a session cookie's value to its user, keeping the answers while the database's change token stays
 * the same: any write by this process or any commit by another connection (SQLite's data_version) forgets
 * them all, so a paused account or an ended session fails at its next call
 * (docs/product/auth.md#paused-and-revoked) exactly as without them. PostgreSQL has no token (other instances
 * write unseen), so there every call looks up. A kept answer is returned synchronously: this runs on every
 * /api request.
 */
function cookieResolver(ctx: AppContext): (cookieValue: string | undefined) => Session | Promise<Session> {
  const lookup = sessionLookup(ctx.db);
  // Keyed by the cookie's value (held in this process's memory only), so a kept answer needs no hash.
  const kept = new Map<string, { user: UserRow; idHash: string; expiresAt: number }>();
  let keptToken: string | null = null;
  return (cookieValue) => {
    if (!cookieValue || cookieValue.length > 100) return undefined;
    // Read before the lookup: a write that lands meanwhile makes this answer's token stale at once.
    const token = ctx.dbChangeToken();
    if (token !== keptToken) {
      kept.clear();
      keptToken = token;
    }
    const hit = token === null ? undefined : kept.get(cookieValue);
    if (hit && hit.expiresAt > Date.now()) return hit;
    const idHash = hashSessionId(cookieValue);
    return lookup(idHash).then((row) => {
      if (!row) return undefined;
      const { session_expires_at: expiresAtIso, ...user } = row;
      const session = { user, idHash, expiresAt: Date.parse(expiresAtIso) };
      if (token !== null && token === keptToken) {
        if (kept.size >= MAX_CACHED_SESSIONS) kept.delete(kept.keys().next().value!);
        kept.set(cookieValue, session);
      }
      return session;
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The live session's user of a page request (outside /api, where the hook below does not run):
     * GET / answers the landing page or the app, and head renderers tailor index.html. Resolved at most
     * once per request, with the same rules and the same kept answers as the /api hook.
     */
    pageSessionUser(request: FastifyRequest): Promise<UserRow | undefined>;
  }
}

/** Resolves `request.user` for every /api request that carries a session cookie. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('sessionExpiresAt', null);
  const resolve = cookieResolver(app.ctx);
  // Only the configured name counts: over https a plain `spindle_session` (which any host of the site
  // could have set) is ignored.
  const cookieName = sessionCookieName(app.ctx.config);
  const pageSessions = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();
  app.decorate('pageSessionUser', (request: FastifyRequest) => {
    let user = pageSessions.get(request);
    if (!user) {
      user = Promise.resolve(resolve(request.cookies[cookieName])).then((session) => session?.user);
      pageSessions.set(request, user);
    }
    return user;
  });
  const attach = (request: FastifyRequest, session: Session) => {
    if (!session) return;
    request.user = session.user;
    request.sessionIdHash = session.idHash;
    request.sessionExpiresAt = session.expiresAt;
  };
  keepShelfMarkerTrue(app, pageSessions);
  // A callback hook, not an async one: a kept session costs no promise turn.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const session = resolve(request.cookies[cookieName]);
    if (!(session instanceof Promise)) {
      attach(request, session);
      return done();
    }
    session.then(
      (found) => {
        attach(request, found);
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/**
 * Keeps the offline shelf's marker cookie in step with the session: a request that carries a marker
 * but no live session (signed out elsewhere, the password reset, the session expired) gets it cleared,
 * so a device that goes offline afterwards shows no kept copy; the app's session read (GET /api/user)
 * sets it when it is missing or stale (a session started before markers existed).
 */
function keepShelfMarkerTrue(app: FastifyInstance, pageSessions: WeakMap<FastifyRequest, Promise<UserRow | undefined>>): void {
  const name = shelfMarkerCookieName(app.ctx.config.secureCookies);
  const options = markerCookieOptions(app.ctx.config);
  app.addHook('onSend', (request, reply, payload, done) => {
    const marker = request.cookies[name];
    if (request.url.startsWith('/api/')) {
      if (request.user && request.sessionIdHash) {
        if (request.method === 'GET' && request.url === '/api/user') {
          const expected = sessionShelfMarker(request.sessionIdHash);
          if (marker !== expected) void reply.setCookie(name, expected, { ...options, expires: new Date(request.sessionExpiresAt ?? Date.now()) });
        }
      } else if (marker !== undefined) {
        void reply.clearCookie(name, options);
      }
      return done(null, payload);
    }
    // Pages: only when this request looked its session up anyway (no lookup is added for the marker).
    const lookedUp = marker === undefined ? undefined : pageSessions.get(request);
    if (!lookedUp) return done(null, payload);
    lookedUp.then(
      (user) => {
        if (!user) void reply.clearCookie(name, options);
        done(null, payload);
      },
      () => done(null, payload),
    );
  });
}

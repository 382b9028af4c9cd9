import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

export const SESSION_COOKIE = 'spindle_session';

const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Server-side sessions: the cookie holds 256 random bits; the table holds only their hash. */
export async function startSession(app: FastifyInstance, reply: FastifyReply, userId: number): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + app.ctx.config.sessionDays * 86_400_000);
  await app.ctx.db
    .insertInto('sessions')
    .values({ id_hash: hashSessionId(id), user_id: userId, created_at: now.toISOString(), expires_at: expires.toISOString() })
    .execute();
  void reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
    expires,
  });
}

/** Ends this request's session on the server and clears the cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionIdHash) {
    await app.ctx.db.deleteFrom('sessions').where('id_hash', '=', request.sessionIdHash).execute();
  }
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.ctx.config.secureCookies });
}

/** Ends every session of a user (password reset, account deletion). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * One indexed lookup: the live session's user, if the account is active (D8: paused or revoked → none).
 * It runs on every /api request, so its SQL is compiled once per database rather than rebuilt each time.
 */
function sessionLookup(db: Db): (idHash: string) => Promise<UserRow | undefined> {
  const { sql: text } = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id_hash', '=', '?')
    .where('sessions.expires_at', '>', '?')
    .where('users.account_status', '=', 'active')
    .compile();
  return async (idHash) => {
    const result = await db.executeQuery<UserRow>(CompiledQuery.raw(text, [idHash, nowIso(), 'active']));
    return result.rows[0];
  };
}

/**
 * The live session's user of any request by its cookie, for pages outside /api (GET / answers the
 * landing page to visitors and the app to signed-in users); the same rules as the /api hook.
 */
export function sessionUserReader(db: Db): (request: FastifyRequest) => Promise<UserRow | undefined> {
  const lookup = sessionLookup(db);
  return async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || id.length > 100) return undefined;
    return lookup(hashSessionId(id));
  };
}

/** Resolves `request.user` for every /api request that carries a session cookie. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  const lookup = sessionLookup(app.ctx.db);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const id = request.cookies[SESSION_COOKIE];
    if (!id || id.length > 100) return;
    const idHash = hashSessionId(id);
    const user = await lookup(idHash);
    if (user) {
      request.user = user;
      request.sessionIdHash = idHash;
    }
  });
}

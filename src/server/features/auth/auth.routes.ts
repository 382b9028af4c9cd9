import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  paymentRequiredSchema,
  registerRequestSchema,
  userSchema,
} from '../../../common/auth.schemas.js';
import { forceLogoutRequestSchema, forceLogoutResponseSchema } from '../../../common/subscription.schemas.js';
import { badRequest } from '../../errors.js';
import type { User } from '../../../common/auth.schemas.js';
import type { UserRow } from '../../db/schema.js';
import { currentUser, paymentRequired, paymentRequiredBody, userAccess } from '../../plugins/guards.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { presentUser } from '../users/user.presenter.js';
import { authenticate, registerUser } from './auth.service.js';
import { errorSchema } from '../../http/error-schema.js';

/** POST /api/register, POST /api/login, POST /api/logout, GET /api/user (docs/product/auth.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/register',
    { schema: { body: registerRequestSchema, response: { 201: userSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      const user = await registerUser(app.ctx, {
        username: request.body.username,
        password: request.body.password,
        firstName: request.body.firstName,
        lastName: request.body.lastName,
      }, request.ip);
      await startSession(app, reply, user.id);
      return reply.status(201).send(presentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      const user = await authenticate(app.ctx, request.body.username, request.body.password, request.ip);
      // A fresh id at every login (no session fixation); the old one, if any, ends.
      await endSession(app, request, reply);
      await startSession(app, reply, user.id);
      const gated = userAccess(user) === 'gated';
      return reply.send({
        user: presentUser(user),
        message: gated ? paymentRequiredBody(user).message : 'Login successful',
        subscription_required: gated,
      });
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(app, request, reply);
    return reply.send({ message: 'Logged out successfully' });
  });

  // After payment the client signs out and goes to the auth page with subscription_activated
  // (docs/product/subscription.md#after-payment).
  app.post(
    '/api/auth/force-logout',
    { schema: { body: forceLogoutRequestSchema, response: { 200: forceLogoutResponseSchema, 400: errorSchema } } },
    async (request, reply) => {
      const redirectUrl = sameOriginPath(request.body.redirectUrl ?? '/auth', app.ctx.config.publicUrl);
      if (redirectUrl === null) throw badRequest('The redirect must be a path on this site', { redirectUrl: 'The redirect must be a path on this site' });
      await endSession(app, request, reply);
      return reply.send({ message: 'Logged out successfully', redirectUrl });
    },
  );

  app.get(
    '/api/user',
    // Checked in the handler (the hot path: no guard hook); the OpenAPI document needs telling.
    { config: { signedIn: true }, schema: { response: { 200: userSchema, 401: errorSchema, 402: paymentRequiredSchema.loose() } } },
    // Not async: the answer is ready at once, so it goes out without a promise's turn. The body goes out
    // as bytes written once by this route's serializer (from userSchema above), kept (userAnswer).
    (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const user = currentUser(request);
      const answer = userAnswer(user, Date.now(), (body) => Buffer.from(reply.serialize(body) as string));
      if (answer.gated) throw paymentRequired(user);
      void reply.header('cache-control', 'no-store').type(JSON_TYPE).send(answer.body);
    },
  );
};

const JSON_TYPE = 'application/json; charset=utf-8';

interface UserAnswer {
  /** Whether the user's access is gated (402). */
  gated: boolean;
  /** The 200 answer, written by the route's serializer (its response schema's whitelist). */
  body: Buffer;
  /** Until when (ms) both stay true: the next UTC midnight (loanReminders.today), or the trial's end before it. */
  until: number;
}

/**
 * GET /api/user's answer, kept per stored user row: the session's kept answer (plugins/sessions.ts) hands
 * every call the same row object until anything is written, so the row's identity stands for its data,
 * and a row fetched anew (after any write, on PostgreSQL at every call) starts afresh. Besides the row,
 * the answer depends on the time only through the trial's end (`trialExpired`, the access level) and the
 * UTC date (`loanReminders.today`), hence `until`. Presenting and serializing the user on every call was
 * a few µs of each call's CPU (docs/product/limits.md#speed-at-20000-albums).
 */
const keptUserAnswers = new WeakMap<UserRow, UserAnswer>();

export function userAnswer(user: UserRow, now: number, serialize: (body: User) => Buffer): UserAnswer {
  const kept = keptUserAnswers.get(user);
  if (kept !== undefined && now < kept.until) return kept;
  const at = new Date(now);
  const gated = userAccess(user, at) === 'gated';
  const nextDay = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  const trialEnd = user.trial_end_date === null ? Number.NaN : Date.parse(user.trial_end_date);
  const answer: UserAnswer = {
    gated,
    // A gated user's call answers 402 and never reads the body.
    body: gated ? Buffer.alloc(0) : serialize(presentUser(user, at)),
    until: trialEnd > now ? Math.min(nextDay, trialEnd) : nextDay,
  };
  keptUserAnswers.set(user, answer);
  return answer;
}

/**
 * A same-origin path (with its query and fragment), or null: never an open redirect. Refuses absolute
 * URLs, protocol-relative ones (`//evil.example`), backslash tricks (`/\evil`) and control characters.
 */
export function sameOriginPath(value: string, publicUrl: string): string | null {
  const control = [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || control) return null;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can resolve to `//host` (`/..//evil.example`): what goes back must be a plain path too.
  if (url.origin !== base.origin || path.startsWith('//')) return null;
  return path;
}

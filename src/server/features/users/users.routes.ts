import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, profileUpdateSchema, userSchema } from '../../../common/auth.schemas.js';
import { latestOverdueLentDate } from '../../../common/loans.js';
import { loanRemindersUpdateSchema, overdueLoansSummarySchema } from '../../../common/loans.schemas.js';
import { PASSWORD_CHANGED_MESSAGE, passwordChangeRequestSchema } from '../../../common/password-change.schemas.js';
import { conflict, notFound } from '../../errors.js';
import { releaseAttempt, reserveAttempt } from '../../plugins/attempt-limiter.js';
import { currentUser, requireAccess, requireUser } from '../../plugins/guards.js';
import { albumsRepository } from '../albums/albums.repository.js';
import { EMAIL_TAKEN, emailProbeRule } from '../../security/attempt-rules.js';
import { changePassword } from './password-change.service.js';
import { presentUser } from './user.presenter.js';
import { usersRepository } from './users.repository.js';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * PUT /api/user/update: the profile (docs/product/profile.md#update). Reachable whatever the subscription.
 * PUT /api/user/loan-reminders: the collector's "remind me after N days" (docs/product/loans.md#reminders).
 * GET /api/user/overdue-loans: how many albums are overdue, across collections (the header's count).
 * PUT /api/user/password: change the password while signed in.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/user/update',
    { preValidation: requireUser, schema: { body: profileUpdateSchema, response: { 200: userSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { email, firstName, lastName } = request.body;
      // When the username is an e-mail, changing the e-mail changes the username too (docs/product/profile.md#update).
      const username = looksLikeEmail(user.username) ? email : user.username;
      // A clash tells that an address has an account, so it is limited as registration's is.
      const reservation =
        username !== user.username ? await reserveAttempt(app.ctx.db, app.ctx.dbKind, [emailProbeRule(request.ip)], 'e-mail change') : undefined;
      const updated = await app.ctx.db.transaction().execute(async (trx) => {
        if (username !== user.username) {
          const clash = await usersRepository.findByUsername(trx, username);
          if (clash && clash.id !== user.id) throw conflict(EMAIL_TAKEN);
        }
        return usersRepository.update(trx, user.id, { email, username, first_name: firstName, last_name: lastName });
      });
      if (reservation) await releaseAttempt(app.ctx.db, reservation);
      if (!updated) throw notFound('User not found');
      return presentUser(updated);
    },
  );

  // Like the profile, reachable whatever the subscription: an account's security is never behind a
  // payment. This session stays; every other one of the account ends.
  app.put(
    '/api/user/password',
    { preValidation: requireUser, schema: { body: passwordChangeRequestSchema, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentUser(request);
      await changePassword(app.ctx, user, request.sessionIdHash ?? '', request.body, request.ip);
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  // A setting of the collection's features, so gated users get 402 like every data call
  // (docs/product/subscription.md#gated). Only the caller's own row is written (the session's user id): there
  // is no id to name anyone else by. The answer is the user as GET /api/user shows it; the drawn home and
  // analytics key on it, so nothing kept shows the old flags.
  app.put(
    '/api/user/loan-reminders',
    { preValidation: requireAccess, schema: { body: loanRemindersUpdateSchema, response: { 200: userSchema } } },
    async (request) => {
      const user = currentUser(request);
      const updated = await usersRepository.update(app.ctx.db, user.id, { loan_reminder_days: request.body.days });
      if (!updated) throw notFound('User not found');
      return presentUser(updated);
    },
  );

  // The header menu shows this count on every signed-in page; pages other than the home do not read
  // the album list, so one counting query answers it. Scoped by the session's user id only.
  app.get(
    '/api/user/overdue-loans',
    { preValidation: requireAccess, schema: { response: { 200: overdueLoansSummarySchema } } },
    async (request) => {
      const user = currentUser(request);
      const latest = latestOverdueLentDate(presentUser(user).loanReminders);
      return { count: latest === null ? 0 : await albumsRepository.countLentOnOrBefore(app.ctx.db, user.id, latest) };
    },
  );
};

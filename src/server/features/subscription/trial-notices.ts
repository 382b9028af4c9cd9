import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { usersRepository } from '../users/users.repository.js';

const NOTICE_WINDOW_MS = 3 * 86_400_000;

/** Which trial notice is due for a user now, if one is and has not fired yet. */
export function dueTrialNotice(user: UserRow, now: number): 'ending' | 'ended' | null {
  if (user.subscription_status !== 'trialing' || !user.trial_end_date || user.is_admin) return null;
  const left = Date.parse(user.trial_end_date) - now;
  if (left <= 0) return user.trial_notice === 'ended' ? null : 'ended';
  if (left <= NOTICE_WINDOW_MS) return user.trial_notice ? null : 'ending';
  return null;
}

/** Marks the notice as fired (once across instances: a conditional update) and announces it. */
async function fireTrialNotice(ctx: AppContext, user: UserRow, notice: 'ending' | 'ended', now: number): Promise<void> {
  if (!(await usersRepository.markTrialNotice(ctx.db, user.id, notice))) return;
  const who = { userId: user.id, username: user.username, email: user.email, trialEndDate: user.trial_end_date! };
  if (notice === 'ended') await ctx.events.emit('trial.ended', who);
  else await ctx.events.emit('trial.ending', { ...who, daysLeft: Math.ceil((Date.parse(who.trialEndDate) - now) / 86_400_000) });
}

/**
 * The trial's end is checked on every signed-in call (no timer, docs/product/subscription.md#trial); the
 * "trial ends in 3 days" and "trial ended" mails (docs/product/mail.md#messages) fire from here, once each.
 * After the response, so no call waits.
 */
export function registerTrialNotices(app: FastifyInstance): void {
  app.addHook('onResponse', (request, _reply, done) => {
    const user = request.user;
    if (user) {
      const now = Date.now();
      const notice = dueTrialNotice(user, now);
      if (notice) fireTrialNotice(app.ctx, user, notice, now).catch((error: unknown) => request.log.error({ err: error }, 'trial notice failed'));
    }
    done();
  });
}

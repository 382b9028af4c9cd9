import type { AppContext } from '../../context.js';
import { mailTemplates, type MailContent } from './mail-templates.js';

const day = (iso: string) => iso.slice(0, 10);

/**
 * The subscription's notices become mails (mail listens, subscription does not import it, so features stay
 * apart). Each key names what the mail is about, so a notice fired twice (a retried webhook, two instances)
 * queues one mail. A user without an e-mail address gets none.
 */
export function registerMailListeners(ctx: AppContext): void {
  const { events, config } = ctx;
  const queue = (key: string, kind: string, to: string | null, content: MailContent) =>
    to ? ctx.mail.enqueue({ idempotencyKey: key, kind, to, ...content }) : undefined;

  events.on('trial.ending', (e) =>
    queue(`trial-ending:${e.userId}:${e.trialEndDate}`, 'trial-ending', e.email, mailTemplates.trialEnding(config.publicUrl, e.trialEndDate, e.daysLeft)),
  );
  events.on('trial.ended', (e) => queue(`trial-ended:${e.userId}:${e.trialEndDate}`, 'trial-ended', e.email, mailTemplates.trialEnded(config.publicUrl)));
  // The event names no invoice: one payment-failed mail per user and day is what a retried webhook may cause.
  events.on('subscription.payment_failed', (e) =>
    queue(`payment-failed:${e.userId}:${day(new Date().toISOString())}`, 'payment-failed', e.email, mailTemplates.paymentFailed(config.publicUrl)),
  );
}

/**
 * An alert notification mail, for the admin area's alerts (docs/product/admin.md#alerts). `key` identifies the
 * alert occurrence (its history id, say), so a repeated call queues one mail. Returns at once: the
 * outbox sends it.
 */
export async function sendAlertMail(ctx: AppContext, alert: { key: string; to: string; title: string; message: string }): Promise<void> {
  await ctx.mail.enqueue({
    idempotencyKey: `alert:${alert.key}`,
    kind: 'alert',
    to: alert.to,
    ...mailTemplates.alert(ctx.config.publicUrl, alert.title, alert.message),
  });
}

/** The mails Spindle sends (docs/product/mail.md#messages): plain text and HTML, links only from PUBLIC_URL. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'Spindle';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface Layout {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One layout for every mail, so each template only says what differs. */
function render({ subject, paragraphs, action, footnote }: Layout): MailContent {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${PRODUCT}`,
  ].join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(footnote)}</p>` : ''}
</body></html>`;
  return { subject, text, html };
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const mailTemplates = {
  passwordReset: (publicUrl: string, token: string): MailContent =>
    render({
      subject: `Reset your ${PRODUCT} password`,
      paragraphs: ['Someone asked to reset the password of your Spindle account. If it was you, choose a new password with the link below.'],
      action: { label: 'Reset your password', url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
      footnote: 'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    }),

  passwordChanged: (publicUrl: string): MailContent =>
    render({
      subject: `Your ${PRODUCT} password was changed`,
      paragraphs: ['The password of your Spindle account was just changed, and every device signed in to it was signed out.'],
      action: { label: 'Log in', url: `${publicUrl}/auth?mode=login` },
      footnote: 'If you did not do this, reset your password at once from the login page and contact support.',
    }),

  /** Changed from the profile: the device that changed it stays signed in, every other one is not. */
  passwordChangedFromProfile: (publicUrl: string): MailContent =>
    render({
      subject: `Your ${PRODUCT} password was changed`,
      paragraphs: [
        'The password of your Spindle account was just changed from your profile. The device that changed it stays signed in; every other device was signed out.',
      ],
      action: { label: 'Log in', url: `${publicUrl}/auth?mode=login` },
      footnote: 'If you did not do this, reset your password at once from the login page and contact support.',
    }),

  trialEnding: (publicUrl: string, trialEndDate: string, daysLeft: number): MailContent =>
    render({
      subject: `Your ${PRODUCT} trial ends in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`,
      paragraphs: [`Your free trial ends on ${longDate(trialEndDate)}. Subscribe to keep using your collections without interruption.`],
      action: { label: 'Subscribe', url: `${publicUrl}/subscription` },
    }),

  trialEnded: (publicUrl: string): MailContent =>
    render({
      subject: `Your ${PRODUCT} trial has ended`,
      paragraphs: ['Your free trial has ended. Your collections are kept: subscribe to get back to them.'],
      action: { label: 'Subscribe', url: `${publicUrl}/subscription` },
    }),

  paymentFailed: (publicUrl: string): MailContent =>
    render({
      subject: `Your ${PRODUCT} payment failed`,
      paragraphs: ['We could not take the payment for your Spindle subscription. Please check your payment details to keep your access.'],
      action: { label: 'Your subscription', url: `${publicUrl}/subscription` },
    }),

  alert: (publicUrl: string, title: string, message: string): MailContent =>
    render({
      subject: `${PRODUCT} alert: ${title}`,
      paragraphs: [message],
      action: { label: 'Open the admin dashboard', url: `${publicUrl}/admin` },
    }),
};

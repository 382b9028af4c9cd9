import { SUPPORT_EMAIL_META, SUPPORT_EMAIL_PLACEHOLDER } from '../../common/web-placeholders';

// Only the Vite dev server (no Spindle server in front) lacks the meta tag; mirrors config.ts's default.
const DEV_FALLBACK = 'support@spindle.app';

/**
 * The support address (SUPPORT_EMAIL). In the browser the server has put it in a <meta> tag; when
 * prerendering there is no document, so the page carries a placeholder the server replaces.
 */
export function supportEmail(): string {
  if (typeof document === 'undefined') return SUPPORT_EMAIL_PLACEHOLDER;
  return document.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_EMAIL_META}"]`)?.content || DEV_FALLBACK;
}

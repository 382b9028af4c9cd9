import { PLAN_NAME, PRICE_LABEL, PRODUCT_NAME } from '../../../common/constants.js';
import type { DemoPageState } from './demo-provider.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The page's own styles: inline style is allowed by the app's CSP (style-src 'unsafe-inline'), script is not needed. */
const STYLE = `
:root{color-scheme:light dark;--bg:#f6f5f3;--card:#fff;--fg:#1c1917;--muted:#57534e;--line:#e7e5e4;--accent:#b45309;--warn-bg:#fef3c7;--warn-fg:#78350f;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0c0a09;--card:#1c1917;--fg:#f5f5f4;--muted:#a8a29e;--line:#44403c;--accent:#f59e0b;--warn-bg:#451a03;--warn-fg:#fde68a;--on-accent:#1c1917}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:24px}
.banner{background:var(--warn-bg);color:var(--warn-fg);border-radius:8px;padding:10px 12px;font-weight:600;margin:0 0 20px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:var(--muted);margin:0 0 16px}.price{font-size:2rem;font-weight:700;margin:8px 0 20px}
.price small{font-size:1rem;font-weight:400;color:var(--muted)}ul{margin:0 0 20px;padding-left:20px;color:var(--muted)}
form{margin:0}.actions{display:flex;flex-direction:column;gap:10px}button{width:100%;font:inherit;font-weight:600;padding:12px;border-radius:8px;border:1px solid var(--line);cursor:pointer;background:transparent;color:var(--fg)}
button.pay{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a{color:var(--accent)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Test mode — no real money</p>
${body}
</main>
</body>
</html>`;
}

/**
 * The demo checkout (docs/product/subscription.md#providers): plan, price, and Pay / Cancel as plain form
 * posts carrying the session's secret.
 */
export function renderDemoCheckout(options: { sessionId: string; secret: string; email: string | null }): string {
  const action = (what: string) => `/demo-checkout/${encodeURIComponent(options.sessionId)}/${what}`;
  const secret = `<input type="hidden" name="secret" value="${escapeHtml(options.secret)}">`;
  return page(
    'Test checkout',
    `<h1>${PLAN_NAME}</h1>
<p class="muted">${PRODUCT_NAME} test checkout${options.email ? ` for ${escapeHtml(options.email)}` : ''}. This is a demonstration: no card is asked for and nothing is charged.</p>
<p class="price">${PRICE_LABEL} <small>/ year</small></p>
<ul><li>Unlimited collections and albums</li><li>Enhanced cover art search</li><li>Analytics, sharing and CSV export</li></ul>
<div class="actions">
<form method="post" action="${action('pay')}">${secret}<button class="pay" type="submit">Pay ${PRICE_LABEL}</button></form>
<form method="post" action="${action('cancel')}">${secret}<button type="submit">Cancel</button></form>
</div>`,
  );
}

const STATE_TEXT: Record<Exclude<DemoPageState, 'open'> | 'not-found', { title: string; text: string }> = {
  'not-found': { title: 'Checkout not found', text: 'This checkout link is invalid.' },
  paid: { title: 'Already paid', text: 'This checkout session has already been paid.' },
  canceled: { title: 'Checkout canceled', text: 'This checkout session was canceled.' },
  expired: { title: 'Checkout expired', text: 'This checkout session has expired. Please start a new subscription from the app.' },
};

/** The page for a session that cannot be paid (unknown, used or expired), with a way back. */
export function renderDemoCheckoutState(state: keyof typeof STATE_TEXT, subscriptionUrl: string): string {
  const { title, text } = STATE_TEXT[state];
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p><p><a href="${escapeHtml(subscriptionUrl)}">Back to your subscription</a></p>`);
}

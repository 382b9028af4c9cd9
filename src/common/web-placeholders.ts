/**
 * Markers the web build leaves in its HTML for the server to fill in from its configuration when it
 * serves the page (the prerendered landing page cannot know SUPPORT_EMAIL at build time).
 */
export const SUPPORT_EMAIL_PLACEHOLDER = '__SPINDLE_SUPPORT_EMAIL__';

/** The <meta name> through which the server hands the support address to the single-page app. */
export const SUPPORT_EMAIL_META = 'spindle-support-email';

/**
 * The <meta name> the server puts in a page it served without a live session: the app's first
 * session read then answers "signed out" without asking (GET /api/user would answer 401, which the
 * browser logs as a console error: Lighthouse's errors-in-console audit counts it).
 */
export const SIGNED_OUT_META = 'spindle-signed-out';

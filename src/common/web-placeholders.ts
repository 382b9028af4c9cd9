/**
 * Markers the web build leaves in its HTML for the server to fill in from its configuration when it
 * serves the page (the prerendered landing page cannot know SUPPORT_EMAIL at build time).
 */
export const SUPPORT_EMAIL_PLACEHOLDER = '__SPINDLE_SUPPORT_EMAIL__';

/** The <meta name> through which the server hands the support address to the single-page app. */
export const SUPPORT_EMAIL_META = 'spindle-support-email';

/*
 * The browser's `zod`: the same library, switched to jitless before any schema runs. Its JIT probes
 * for eval with `new Function`; the CSP has no unsafe-eval, so Chromium reported a CSP violation on
 * every page that checks a form (Lighthouse best practices, "inspector-issues"), though zod caught
 * it. vite.config.ts points `zod` here for the browser build only.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';

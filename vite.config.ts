import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_SCRIPT, THEME_SCRIPT_PLACEHOLDER } from './src/common/theme-script';

/** The theme script goes inline into <head> (see src/common/theme-script.ts for why). */
function inlineThemeScript(): Plugin {
  return {
    name: 'spindle-inline-theme-script',
    transformIndexHtml(html) {
      if (!html.includes(THEME_SCRIPT_PLACEHOLDER)) throw new Error(`index.html lacks ${THEME_SCRIPT_PLACEHOLDER}`);
      return html.replace(THEME_SCRIPT_PLACEHOLDER, () => `<script>${THEME_SCRIPT}</script>`);
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), inlineThemeScript()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Route-level code splitting keeps the landing page small (issue 2 budget: ≤ 80 KB gzipped JS).
    modulePreload: { polyfill: false },
    // The prerendered landing page (scripts/prerender-landing.mjs) loads only its own tiny entry, found
    // through the manifest; the script deletes the manifest afterwards so it is never served.
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html', landing: 'src/web/features/landing/landing-entry.ts' },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});

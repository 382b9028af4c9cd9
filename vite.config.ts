import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss()],
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

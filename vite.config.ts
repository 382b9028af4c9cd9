import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';
import { eagerCommonJsFactoriesPlugin } from './scripts/eager-commonjs';
import { startChunkName } from './scripts/start-chunks';
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

/**
 * The app's code is a dynamic import of the small entry (src/web/main.tsx), so the HTML would name
 * none of it: this lists it as modulepreload links, fetched while the page parses. The server takes
 * them out of a page it draws, where the app waits for the first frame (server/plugins/web-app.ts).
 */
function preloadAppChunks(): Plugin {
  return {
    name: 'spindle-preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const starts = ['src/web/app/start-prelude.ts', 'src/web/app/start.tsx'].map((entry) => {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(entry)));
          if (!chunk) throw new Error(`no chunk for ${entry}`);
          return chunk;
        });
        const files = [...new Set(starts.flatMap((chunk) => [chunk.fileName, ...chunk.imports]))].filter((file) => !html.includes(`/${file}"`));
        const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
        return html.replace('  </head>', () => `${links}  </head>`);
      },
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), inlineThemeScript(), preloadAppChunks(), eagerCommonJsFactoriesPlugin(parseAst)],
  // zod without its eval probe, which the CSP reports (src/web/lib/zod-csp.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/web/lib/zod-csp.ts', import.meta.url)) }] },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Route-level code splitting keeps the landing page small (its budget: ≤ 80 KB gzipped JS,
    // bench/web-budget.bench.mjs).
    // What the home imports as it is taken over (main.tsx's app/start, the progress line's schemas) is
    // not preloaded by inserting a <link rel="modulepreload"> per chunk: inserting some fifty links was
    // one long task of the takeover on a phone's first visit, and the schemas' links another inside the
    // hydration's effects (bench/home-lighthouse-cold). The browser's module loader fetches the same
    // chunks in parallel once it has read the imported chunk's imports, while the album list still loads.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) => (/(^|\/)(start|start-prelude|enrichment\.schemas)-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    // The prerendered landing page (scripts/prerender-landing.mjs) loads only its own tiny entry, found
    // through the manifest; the script deletes the manifest afterwards so it is never served.
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html', landing: 'src/web/features/landing/landing-entry.ts' },
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ debugName: 'app start', name: startChunkName(fileURLToPath(new URL('.', import.meta.url))) }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});

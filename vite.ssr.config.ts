import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/*
 * The collection home's server entry (the first album cards are in the HTML:
 * docs/product/collections.md#home). Everything it imports is bundled into one file, so the server
 * needs none of the web app's packages at run time.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  // React's production build: the server must not run the development one whatever NODE_ENV says.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/web/features/collection-home/home-server-render.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'home-render.js' } },
  },
});

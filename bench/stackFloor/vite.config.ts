// The floor's variants as one multi-page build, apart from the app's build (no PWA, no chunk groups, no
// precompression: the bench's server compresses as it serves, as it does for Atomic CRM's build).
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { kunden } from './kunden';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const reactRouterBuild = (file: string) => here(`../../node_modules/react-router/dist/production/${file}`);

// The rows are made at build time and served as a static file: one fetch, like a list call to a server.
const kundenJson = (): Plugin => ({
  name: 'stack-floor-kunden',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'kunden.json', source: JSON.stringify(kunden()) });
  },
});

export default defineConfig({
  root: here('.'),
  publicDir: false,
  plugins: [react(), kundenJson()],
  // As in the app's vite.config.ts: react-router's production files instead of the development build it exports.
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  build: {
    outDir: here('../../.bench-data/stackFloor/dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { mui: here('mui.html'), msal: here('msal.html'), plain: here('plain.html') },
    },
  },
});

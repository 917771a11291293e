import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './build/chunkGroups';
import { signedInPreload } from './build/signedInPreload';
import { tenantIcons } from './build/tenantIcons';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '3000';

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const reactRouterBuild = (file: string) => fromRoot(`./node_modules/react-router/dist/production/${file}`);

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies beside each asset, made once at build time; the server sends them as they are.
  // signedInPreload: MSAL's code and the first data's module requested beside the entry.
  plugins: [
    react(),
    signedInPreload(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    tenantIcons(),
    // The installable app's service worker: src/offline/sw.ts (Workbox), built into /sw.js with the list of the
    // build's files it keeps written in. The manifest differs per tenant and comes from the server
    // (server/shell/manifestRoutes.ts); the worker is registered after the page's load by
    // src/offline/serviceWorker.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script: workbox-window registers it without `type: 'module'`.
        rollupFormat: 'iife',
        // The tenants' logos too: the top bar of an app started without network shows its logo. The three pages
        // a navigation can get (the worker's routes).
        globPatterns: [
          'assets/**/*.{js,css,woff2,svg,png}',
          'tenants/**/*.svg',
          'index.html',
          'signed-in.html',
          'landing.html',
        ],
        globIgnores: ['**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  // react-router's package exports only its development build (remix-run/react-router#12532), which
  // keeps dev warnings in production; the build uses the production files it ships beside them.
  // Endpoint declarations are shared with the server; the browser needs their paths and types, not
  // their TypeBox schemas, so it gets builders that return empty schemas (src/api/typeboxInBrowser.ts).
  resolve: {
    alias: [
      { find: /^typebox$/, replacement: fromRoot('./src/api/typeboxInBrowser.ts') },
      { find: /^object\.entries$/, replacement: fromRoot('./build/shims/objectEntries.cjs') },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // A handful of well-grouped files instead of a long chain of small ones (build/chunkGroups.ts).
    // The app's start is an entry of its own besides index.html's (src/main.tsx loads it; build/chunkGroups.ts),
    // and so are its MUI-drawn parts (the sign-in page, src/authProvider/PublicPages.tsx, loaded by the start).
    rolldownOptions: {
      input: {
        index: fromRoot('./index.html'),
        start: fromRoot('./src/startApp.tsx'),
        signIn: fromRoot('./src/authProvider/PublicPages.tsx'),
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    port: 5173,
    // The dev server forwards API and sign-in calls to the Fastify server started beside it.
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/oidc': `http://localhost:${apiPort}`,
    },
  },
}));

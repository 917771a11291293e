import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiPort = process.env.PORT ?? '3000';

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // react-router's package exports only its development build (remix-run/react-router#12532), which
  // keeps dev warnings in production; the build uses the production files it ships beside them.
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : [],
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    // The dev server forwards API and sign-in calls to the Fastify server started beside it.
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/oidc': `http://localhost:${apiPort}`,
    },
  },
}));

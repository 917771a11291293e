import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    // The dev server forwards API and sign-in calls to the Fastify server started beside it.
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/oidc': `http://localhost:${apiPort}`,
    },
  },
});

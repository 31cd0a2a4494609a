import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The backend (command-api, read-api, embedded identity provider) listens on :3000 in development;
// proxying keeps the browser on one origin, so the XSRF cookie, the socket and the API share it.
const backend = 'http://localhost:3000';

export default defineConfig({
  // Pinned so `vite build` behaves the same from the repository root and from web/.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Every file of the build also as .br and .gz beside it: the server sends what the browser accepts
  // without compressing on each request (read-api/src/web-app.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0 })],
  resolve: {
    // One copy of each, so every Mantine package sees the same MantineProvider context. npm places a
    // second copy when the Mantine packages' versions drift apart: keep them on one version.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
});

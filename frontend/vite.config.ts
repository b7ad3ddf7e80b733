import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Writes a .br and a .gz beside each text asset; the API's static server picks one by Accept-Encoding,
    // so a phone gets the smallest bytes without the server compressing anything per request.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: {
      // The TypeScript sources, not the package's CommonJS build, so only what is used gets bundled.
      '@memory-wall/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: backend },
      // Without changeOrigin, Host stays the dev server's: the API's origin check of the upgrade then sees
      // the page's own origin. With it, the API would take the page for a foreign one and refuse the socket.
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
  },
});

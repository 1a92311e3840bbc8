import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** '/' is the home page (home.html), as the provider serves it; every other route is the editor. */
const homeAtRoot: Plugin = {
  name: 'flow-home-at-root',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/' || req.url?.startsWith('/?')) req.url = `/home.html${req.url.slice(1)}`;
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), homeAtRoot],
  resolve: {
    alias: { '@flow/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    // Two pages: the editor (index.html, every plan route) and the plan list at '/' (home.html).
    rollupOptions: { input: { index: page('index.html'), home: page('home.html') } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:4321', '/hosted': 'http://127.0.0.1:4321', '/dashboard': 'http://127.0.0.1:4321' } },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const root = page('.');
const alias = { '@flow/core': page('../../packages/core/src/index.ts') };

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

/**
 * The home page (home.html) is built on its own after the editor, into the same folder: built
 * together, the modules both pages use would be shared chunks holding what the editor needs of them.
 */
const homeBuild: Plugin = {
  name: 'flow-home-build',
  apply: 'build',
  async closeBundle() {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: { alias },
      // One chunk of its own: no module preloads to polyfill.
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        sourcemap: false,
        modulePreload: false,
        rollupOptions: { input: { home: page('home.html') } },
      },
    });
  },
};

export default defineConfig({
  plugins: [react(), homeAtRoot, homeBuild],
  resolve: { alias },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    // The editor (index.html, every plan route); the plan list at '/' (home.html) is homeBuild's.
    rollupOptions: { input: { index: page('index.html') } },
    // The plan page's code in three files of similar size, each compiled on its own thread as it
    // arrives (React DOM; React Flow and d3; the rest): a 100-node plan opened in 360 ms, against
    // 381 ms with one 575 KB file and 13 small shared ones (median of 25 runs, alternating).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/]react-dom[\\/].*\.js$/, priority: 3 },
            { name: 'xyflow', test: /[\\/]node_modules[\\/](@xyflow[\\/]|d3-).*\.m?js$/, priority: 2 },
            { name: 'editor', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:4321', '/hosted': 'http://127.0.0.1:4321', '/dashboard': 'http://127.0.0.1:4321' } },
});

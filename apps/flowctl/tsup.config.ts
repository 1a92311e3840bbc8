import { defineConfig } from 'tsup';
import { packageVersion } from './src/packageVersion';

export default defineConfig({
  // The provider's flow worker is a file of its own beside the chunks, which load it as ./flowWorker.js.
  entry: { cli: 'src/cli.ts', flowWorker: '../../packages/server/src/flowWorker.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  // Commands are imported lazily, so `flowctl --version` loads only the tiny entry chunk.
  splitting: true,
  treeshake: true,
  // Bundled CommonJS dependencies (commander, undici) call require() for Node's modules.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __flowctlCreateRequire } from 'node:module';\nconst require = __flowctlCreateRequire(import.meta.url);",
  },
  // Everything is bundled (the core and the server from source, and chalk, commander, ora, undici):
  // the packed tarball has no dependency, so it installs without a registry and runs offline.
  noExternal: [/.*/],
  esbuildOptions(options) {
    options.conditions = ['development'];
  },
  define: { __FLOWCTL_VERSION__: JSON.stringify(packageVersion()) },
});

import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg: unknown = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : '0.0.0';

export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  // Commands are imported lazily, so `flowctl --version` loads only the tiny entry chunk.
  splitting: true,
  treeshake: true,
  banner: { js: '#!/usr/bin/env node' },
  // The core (and its ajv) are bundled from source; the server stays a runtime dependency of `serve`.
  noExternal: ['@flow/core', 'ajv'],
  external: ['@flow/server'],
  esbuildOptions(options) {
    options.conditions = ['development'];
  },
  define: { __FLOWCTL_VERSION__: JSON.stringify(version) },
});

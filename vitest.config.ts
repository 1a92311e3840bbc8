import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './scripts/slowFirst';

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@flow/core': at('./packages/core/src/index.ts'),
      '@flow/server/testing': at('./packages/server/src/testing/index.ts'),
      '@flow/server': at('./packages/server/src/index.ts'),
      '@flow/runtime/testing': at('./packages/runtime/src/testing/index.ts'),
      '@flow/runtime': at('./packages/runtime/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: SlowFirstSequencer },
    // Browser tests poll for what a person would see; under load one second can be too short.
    expect: { poll: { timeout: 5000 } },
  },
});

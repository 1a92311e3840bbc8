// What core may import is a lint rule (eslint.config.js, proven by scripts/lintBoundaries.test.ts);
// this checks what its public entry ships.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('@flow/core boundaries', () => {
  it('ships no test-only module (fast-check) in its public entry', () => {
    expect(readFileSync(new URL('./index.ts', import.meta.url), 'utf8')).not.toMatch(/flowArbitrary|testing\/|test-helper/);
  });
});

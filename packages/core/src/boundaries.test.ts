import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isTestOnly = /\.test\.ts$|\.test-helper\.ts$/.test(name) || path.includes(join(root, 'testing'));
    return name.endsWith('.ts') && !isTestOnly ? [path] : [];
  });
}

describe('@flow/core boundaries', () => {
  it('imports no react, zustand or node:* module outside tests, so it runs in browsers and Node alike', () => {
    const offenders = sourceFiles(root).filter((file) =>
      /from ['"](react|react-dom|zustand|node:[a-z_/]+|fs|path|http)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('ships no test-only module (fast-check) in its public entry', () => {
    expect(readFileSync(join(root, 'index.ts'), 'utf8')).not.toMatch(/flowArbitrary|testing\/|test-helper/);
  });
});

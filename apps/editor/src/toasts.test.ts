import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** The editor's source files, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helper)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('toasts', () => {
  it("have one way up: the store's notifier, which reaches sonner through toasts/Toasts.tsx alone", () => {
    const importers = sources(SRC)
      .filter((path) => /from ['"]sonner['"]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(importers).toEqual(['toasts/Toasts.tsx']);
  });
});

// No module of a package imports itself through others: a circle makes load order matter and
// hides which layer owns a fact. Neither value imports nor type imports may form one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = /^(import|export)(\s+type)?\b[^;]*?\bfrom\s+'(\.[^']+)'/gms;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** The import graph of one folder: file → files it imports (types too unless `valuesOnly`). */
function importGraph(dir: string, valuesOnly: boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (valuesOnly && match[2]) continue;
      const target = resolveImport(file, match[3] ?? '');
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph (strongly connected components of more than one file, or a self import). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      circle.push(member);
      if (member === file) break;
    }
    if (circle.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

const PACKAGES = ['packages/core/src', 'packages/runtime/src', 'packages/server/src', 'apps/editor/src', 'apps/flowctl/src'];
const named = (circles: string[][]) => circles.map((circle) => circle.map((file) => relative(root, file)));

describe('import circles', () => {
  it('finds a circle, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      importCircles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it.each(PACKAGES)('%s: no circle of value imports', (dir) => {
    expect(named(importCircles(importGraph(join(root, dir), true)))).toEqual([]);
  });

  it.each(PACKAGES)('%s: no circle of imports at all, types included', (dir) => {
    expect(named(importCircles(importGraph(join(root, dir), false)))).toEqual([]);
  });
});

// No module of a package imports itself through others: a circle makes load order matter and
// hides which layer owns a fact. Neither value imports nor type imports may form one, and a
// dynamic import() counts. @flow/core's folders also import only from below (CORE_LAYERS).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph, importsOf, layerViolations } from './importGraph.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// Every package and app of the workspace, so a new one is checked without editing this list.
const PACKAGES = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => `${group}/${name}/src`)
    .filter((dir) => existsSync(join(root, dir))),
);
const named = (circles: string[][]) => circles.map((circle) => circle.map((file) => relative(root, file)));
const CORE_SRC = join(root, 'packages/core/src');

/** A throwaway source folder holding `files` (path → text). */
const planted: string[] = [];
function plant(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
  planted.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

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

  it('reads dynamic, side-effect and re-export imports, and tells type-only ones', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "import './d.js';",
      "export * from './e.js';",
      "export type { F } from './f.js';",
      "const g = () => import(\n  './g.js'\n);",
      "type H = import('./h.js').H;",
      "import { x } from 'vitest';",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a.js', typeOnly: false },
      { specifier: './b.js', typeOnly: true },
      { specifier: './c.js', typeOnly: true },
      { specifier: './d.js', typeOnly: false },
      { specifier: './e.js', typeOnly: false },
      { specifier: './f.js', typeOnly: true },
      { specifier: './g.js', typeOnly: false },
      { specifier: './h.js', typeOnly: true },
    ]);
  });

  it('fails on a circle closed by a dynamic import (as flowctl had: commandList → completion → commandList)', () => {
    const dir = plant({
      'commandList.ts': "export const COMMANDS = [{ load: () => import('./commands/completion.js') }];\n",
      'commands/completion.ts':
        "import { completionScript } from '../completion/completionScripts.js';\nexport const run = completionScript;\n",
      'completion/completionScripts.ts':
        "import { COMMANDS } from '../commandList.js';\nexport const completionScript = () => COMMANDS.length;\n",
    });
    expect(importCircles(importGraph(dir, true)).map((circle) => circle.map((file) => relative(dir, file)))).toEqual([
      ['commandList.ts', 'commands/completion.ts', 'completion/completionScripts.ts'],
    ]);
  });

  it.each(PACKAGES)('%s: no circle of value imports', (dir) => {
    expect(named(importCircles(importGraph(join(root, dir), true)))).toEqual([]);
  });

  it.each(PACKAGES)('%s: no circle of imports at all, types included', (dir) => {
    expect(named(importCircles(importGraph(join(root, dir), false)))).toEqual([]);
  });
});

describe('@flow/core layers', () => {
  it('fails on an import that runs back up, to a sibling, or to a folder no layer names', () => {
    const src = '/src';
    const graph = new Map([
      ['/src/model/paths.ts', ['/src/functions/registry.ts', '/src/messages.ts']],
      ['/src/rules/validateFlow.ts', ['/src/compile/compileFlow.ts', '/src/format/walk.ts']],
      ['/src/graph/edges.ts', ['/src/unnamed/x.ts']],
      ['/src/session/planSession.ts', ['/src/api/client.ts', '/src/model/types.ts']],
    ]);
    expect(layerViolations(graph, src)).toEqual([
      'model/paths.ts → functions/registry.ts',
      'rules/validateFlow.ts → compile/compileFlow.ts',
      'graph/edges.ts → unnamed/x.ts',
    ]);
  });

  it('fails on a planted back-up import, a dynamic one included', () => {
    const dir = plant({
      'model/planted.ts': "export const later = () => import('../api/client.js');\n",
      'api/client.ts': 'export const client = 1;\n',
      'format/parseFlow.ts': "import { client } from '../api/client.js';\nexport const parsed = client;\n",
    });
    expect(layerViolations(importGraph(dir, false), dir).sort()).toEqual([
      'format/parseFlow.ts → api/client.ts',
      'model/planted.ts → api/client.ts',
    ]);
  });

  it('packages/core/src: every import runs down the layers', () => {
    expect(layerViolations(importGraph(CORE_SRC, false), CORE_SRC)).toEqual([]);
  });
});

// The import graph of the workspace's source, as the TypeScript parser reads it: static imports
// and exports, side-effect imports and dynamic `import()` alike. scripts/importCycles.test.ts
// checks it has no circle and that @flow/core's folders import only from below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/** One relative import of a file: what it names and whether only types cross it. */
export interface ImportEdge {
  specifier: string;
  typeOnly: boolean;
}

/** Every relative import of a source text, dynamic `import('./x.js')` included. */
export function importsOf(fileName: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Expression | undefined, typeOnly: boolean): void => {
    if (node && ts.isStringLiteralLike(node) && node.text.startsWith('.')) edges.push({ specifier: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      // `import { type A, type B }` is erased like `import type { A, B }`.
      const allTypes =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
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
export function importGraph(dir: string, valuesOnly: boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets: string[] = [];
    for (const edge of importsOf(file, readFileSync(file, 'utf8'))) {
      if (valuesOnly && edge.typeOnly) continue;
      const target = resolveImport(file, edge.specifier);
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

/**
 * @flow/core's folders (and its top files), lowest first: each imports only from a lower level.
 * Folders of one level (rules, compile, secrets, diff) do not import each other either.
 * packages/core/README.md explains the order.
 */
export const CORE_LAYERS: readonly (readonly string[])[] = [
  ['messages.ts'],
  ['model'],
  ['functions'],
  ['format'],
  ['graph'],
  ['rules', 'compile', 'secrets', 'diff'],
  ['api'],
  ['session', 'generate', 'history', 'review'],
  ['testing'],
  ['index.ts'],
];

/** The first path segment under `src` of a file: its folder, or its name for a top file. */
const partOf = (src: string, file: string): string => relative(src, file).split(sep)[0] ?? '';

/**
 * Every import of `graph` (files under `src`) that does not run down the layers: to a higher
 * level, to a sibling folder of the same level, or from or to a folder no layer names.
 */
export function layerViolations(graph: Map<string, string[]>, src: string, layers: readonly (readonly string[])[] = CORE_LAYERS): string[] {
  const level = (part: string): number => layers.findIndex((names) => names.includes(part));
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = partOf(src, file);
    for (const target of targets) {
      const to = partOf(src, target);
      if (from === to) continue;
      const [a, b] = [level(from), level(to)];
      if (a === -1 || b === -1 || b >= a) violations.push(`${relative(src, file)} → ${relative(src, target)}`);
    }
  }
  return violations;
}

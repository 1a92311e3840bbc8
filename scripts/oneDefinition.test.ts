// One definition per kind of thing: the object check and the JSON value check are @flow/core's
// (model/paths.ts) and every package and app imports them; none writes its own again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const HOME = 'packages/core/src/model/paths.ts';
// Text of a script the provider serves inside a page: it runs without modules, so it cannot import.
const PAGE_SCRIPTS = new Set(['packages/server/src/hosted/createWorkflowScript.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The object check written out (`typeof x === 'object' && x !== null && !Array.isArray(x)`, or negated), over lines too. */
const OBJECT_CHECK = /typeof ([\w.]+) [!=]== 'object'[^;{]*?Array\.isArray\(\1\)/g;
/** A local guard of one of the kinds core defines. */
const LOCAL_GUARD = /(?:function|const|let)\s+(?:isRecord|isObject|isPlainObject|isJsonObject|isJsonValue)\b/g;

/** Each line of `text` where a check is written again (or starts), as `path:line: text`. */
function secondDefinitions(path: string, text: string): string[] {
  const lines = text.split('\n');
  const at = new Set(
    [...text.matchAll(OBJECT_CHECK), ...text.matchAll(LOCAL_GUARD)].map((match) => text.slice(0, match.index).split('\n').length),
  );
  return [...at].sort((a, b) => a - b).map((line) => `${path}:${line}: ${lines[line - 1]?.trim() ?? ''}`);
}

describe('one isRecord and one isJsonValue', () => {
  it('finds a check written again, and passes an import', () => {
    expect(
      secondDefinitions('a.ts', "const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);"),
    ).toHaveLength(1);
    expect(secondDefinitions('a.ts', "if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};")).toHaveLength(
      1,
    );
    expect(
      secondDefinitions('a.ts', "if (\n  typeof parsed !== 'object' ||\n  parsed === null ||\n  Array.isArray(parsed)\n) throw e;"),
    ).toEqual(["a.ts:2: typeof parsed !== 'object' ||"]);
    expect(secondDefinitions('a.ts', 'export function isJsonValue(value: unknown): value is JsonValue {')).toHaveLength(1);
    expect(secondDefinitions('a.ts', "import { isJsonValue, isRecord } from '@flow/core';\nif (isRecord(x)) f(x);")).toEqual([]);
  });

  it('every package and app imports them from @flow/core', () => {
    const found = ['packages', 'apps']
      .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
      .flatMap(sourceFiles)
      .map((file) => relative(root, file))
      .filter((path) => path !== HOME && !PAGE_SCRIPTS.has(path))
      .flatMap((path) => secondDefinitions(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });
});

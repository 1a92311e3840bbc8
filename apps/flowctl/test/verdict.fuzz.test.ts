import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESERVED_KEYS,
  compileFlow,
  diffFlows,
  functionDefinition,
  isIncomplete,
  isJsonValue,
  isRecord,
  parseFlow,
  serializeFlow,
  setAtPath,
  validateFlowText,
  type Finding,
  type JsonValue,
  type RuleCode,
} from '@flow/core';
import { startServer } from '@flow/server';
import { REPO } from './helpers/build.js';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';

// One verdict for a file everywhere (issue 34): mutants of the examples get the same answer from
// validate, fmt, diff, compile, publish and the provider's PUT, and nothing overflows the stack.

const EXAMPLES = join(REPO, 'examples');
const examples: unknown[] = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.flow.json'))
  .sort()
  .map((path): unknown => JSON.parse(readFileSync(join(EXAMPLES, path), 'utf8')));

type Segment = string | number;

/** A change to a flow value; `pick` and `choice` select where and what, modulo what there is. */
const KINDS = ['delete', 'duplicate', 'retype', 'deep', 'reserved-key', 'metadata', 'extra-edge', 'shuffle'] as const;
interface Mutation {
  kind: (typeof KINDS)[number];
  pick: number;
  choice: number;
}

const WRONG_VALUES: JsonValue[] = [
  0,
  '',
  {},
  [],
  null,
  true,
  'nope',
  -5,
  99_999,
  [1],
  { x: 1 },
  'a NUL \u0000 here',
  'half an emoji \ud83d',
];
const DEPTHS = [10, 58, 60, 64, 70, 5000];
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...KINDS),
  pick: fc.nat(),
  choice: fc.nat(),
});
const mutantArb = fc.record({ example: fc.nat(), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }) });

/** Every place in a value (as path segments), containers and leaves, without recursion. */
function places(root: unknown): Segment[][] {
  const found: Segment[][] = [];
  const stack: { value: unknown; path: Segment[] }[] = [{ value: root, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    found.push(item.path);
    const { value, path } = item;
    if (Array.isArray(value)) value.forEach((child: unknown, i) => stack.push({ value: child, path: [...path, i] }));
    else if (isRecord(value)) for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path, key] });
  }
  return found;
}

function childOf(value: unknown, segment: Segment): unknown {
  if (Array.isArray(value) && typeof segment === 'number') return value[segment];
  return isRecord(value) && typeof segment === 'string' ? value[segment] : undefined;
}

/** Sets an own property, `__proto__` included (a plain assignment would set the prototype). */
function define(target: Record<string, unknown> | unknown[], segment: Segment, value: unknown): void {
  Object.defineProperty(target, segment, { value, enumerable: true, writable: true, configurable: true });
}

/** The container holding `path` and the last segment, when there is one. */
function parentOf(root: unknown, path: readonly Segment[]): { parent: unknown; last: Segment } | undefined {
  const last = path.at(-1);
  if (last === undefined) return undefined;
  let parent = root;
  for (const segment of path.slice(0, -1)) parent = childOf(parent, segment);
  return { parent, last };
}

/** A deep copy of a JSON value, own `__proto__` keys included. */
function copy(value: unknown): unknown {
  const parsed: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  return parsed;
}

const nth = <T>(items: readonly T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);

/** Applies one mutation in place; deep values are markers that `textOf` expands. */
function mutate(root: unknown, mutation: Mutation): void {
  const { pick, choice } = mutation;
  const nodes = isRecord(root) && Array.isArray(root.nodes) ? root.nodes : [];
  const edges = isRecord(root) && Array.isArray(root.edges) ? root.edges : [];
  const place = parentOf(root, nth(places(root), pick) ?? []);
  switch (mutation.kind) {
    case 'delete':
      if (Array.isArray(place?.parent) && typeof place.last === 'number') place.parent.splice(place.last, 1);
      else if (isRecord(place?.parent) && typeof place.last === 'string') Reflect.deleteProperty(place.parent, place.last);
      return;
    case 'duplicate':
      if (Array.isArray(place?.parent) && typeof place.last === 'number') {
        place.parent.splice(place.last, 0, copy(place.parent[place.last]));
      }
      return;
    case 'retype':
    case 'deep': {
      const value = mutation.kind === 'deep' ? `@@DEEP${nth(DEPTHS, choice) ?? 1}@@` : nth(WRONG_VALUES, choice);
      if (place && (Array.isArray(place.parent) || isRecord(place.parent))) define(place.parent, place.last, value);
      return;
    }
    case 'reserved-key': {
      const objects = places(root).filter((path) => isRecord(path.reduce<unknown>(childOf, root)));
      const target = (nth(objects, pick) ?? []).reduce<unknown>(childOf, root);
      if (isRecord(target)) define(target, nth([...RESERVED_KEYS], choice) ?? 'prototype', choice % 2 === 0 ? 1 : {});
      return;
    }
    case 'metadata': {
      const node: unknown = nth(nodes, pick);
      const data = isRecord(node) ? node.data : undefined;
      if (!isRecord(data) || typeof data.type !== 'string' || !isRecord(data.metadata)) return;
      const field = nth(functionDefinition(data.type)?.fields ?? [], choice);
      const wrong = nth(WRONG_VALUES, pick + choice);
      const metadata = copy(data.metadata);
      if (field && wrong !== undefined && isJsonValue(metadata) && isRecord(metadata) && !Array.isArray(metadata)) {
        data.metadata = setAtPath(metadata, field.key, wrong);
      }
      return;
    }
    case 'extra-edge': {
      const ids = nodes.map((node: unknown) => (isRecord(node) && typeof node.id === 'string' ? node.id : 'missing'));
      const source = nth(ids, pick) ?? 'a';
      const target = nth(ids, choice) ?? 'b';
      edges.splice(choice % (edges.length + 1), 0, {
        id: `edge-${source}-to-${target}`,
        source,
        target,
        kind: pick % 2 === 0 ? 'node' : 'chain',
      });
      return;
    }
    case 'shuffle':
      for (const items of [nodes, edges]) if (items.length > 1) items.push(...items.splice(0, 1 + (choice % (items.length - 1))));
      return;
  }
}

/** The text of a mutant (the ids of its PUT's URL, as `publish --plan --version` sends them), deep markers expanded. */
function textOf(value: unknown, versionName: string): string {
  if (isRecord(value)) {
    if (typeof value.planId === 'string') value.planId = 'fuzz';
    if (typeof value.versionName === 'string') value.versionName = versionName;
  }
  return JSON.stringify(value).replace(/"@@DEEP(\d+)@@"/g, (_, n: string) => `${'['.repeat(Number(n))}${']'.repeat(Number(n))}`);
}

const errorsOf = (findings: readonly Finding[]): Finding[] => findings.filter((f) => f.severity === 'error');

let provider: { url: string; close(): Promise<void> };
let dir: string;
let count = 0;
beforeAll(async () => {
  dir = tempDir('flowctl-verdict-');
  provider = await startServer({ port: 0, host: '127.0.0.1', dir: join(dir, 'data'), seedDir: null, log: () => undefined });
});
afterAll(async () => {
  await provider.close();
  removeTempDirs();
});

function mutantText(example: number, mutations: readonly Mutation[], versionName: string): string {
  const value = copy(nth(examples, example));
  for (const mutation of mutations) mutate(value, mutation);
  return textOf(value, versionName);
}

describe('one verdict for a mutant of an example, everywhere', () => {
  it('validate, fmt, diff, compile and the provider agree on a few hundred mutants', async () => {
    await fc.assert(
      fc.asyncProperty(mutantArb, async ({ example, mutations }) => {
        const versionName = `v${(count += 1)}`;
        const text = mutantText(example, mutations, versionName);
        const errors = errorsOf(validateFlowText(text));
        // The provider stores what validate accepts, and a flow that is only incomplete (docs/api.md).
        const storable = errors.every(isIncomplete);
        const url = `${provider.url}/api/flows/fuzz/${versionName}`;
        const put = await fetch(url, { method: 'PUT', body: text, headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' } });
        const answer = await put.text();
        if (storable) expect(put.status, answer).toBe(200);
        else expect(put.status >= 400 && put.status < 500, `${put.status} ${answer}`).toBe(true);
        const stored = await fetch(url);
        expect(stored.status).toBe(storable ? 200 : 404);

        const parsed = parseFlow(text);
        if (!parsed.ok) {
          // fmt, diff and publish read files with parseFlow: what it refuses, validate refuses too.
          expect(errors.length).toBeGreaterThan(0);
          return;
        }
        const formatted = serializeFlow(parsed.doc);
        const again = parseFlow(formatted);
        expect(again.ok).toBe(true);
        if (!again.ok) return;
        expect(serializeFlow(again.doc)).toBe(formatted);
        expect(diffFlows(parsed.doc, again.doc).same).toBe(true);
        expect(errorsOf(validateFlowText(formatted)).length > 0).toBe(errors.length > 0);
        if (storable) {
          const kept = parseFlow(await stored.text());
          expect(kept.ok && diffFlows(parsed.doc, kept.doc).same).toBe(true);
        }
        if (errors.length === 0) expect(compileFlow(parsed.doc).system_message).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: 34 },
    );
  });

  it('flowctl validate, fmt --check and publish give each file of a batch of mutants the same verdict, exit 1 for the bad ones', async () => {
    const samples = fc.sample(mutantArb, { numRuns: 40, seed: 3411 });
    const batch = join(dir, 'batch');
    mkdirSync(batch);
    const verdicts = new Map<string, boolean>();
    samples.forEach(({ example, mutations }, i) => {
      const file = `m${i}.flow.json`;
      const text = mutantText(example, mutations, `batch${i}`);
      writeFileSync(join(batch, file), text);
      verdicts.set(file, errorsOf(validateFlowText(text)).length === 0);
    });
    expect([...verdicts.values()]).toContain(true);
    expect([...verdicts.values()]).toContain(false);

    const validated = await runCli(['validate', '.', '--json'], { cwd: batch });
    expect(validated.code).toBe(1);
    const reports = list(parseJson(validated), 'files');
    expect(new Map(reports.map((r) => [String(at(r, 'file')), at(r, 'ok')]))).toEqual(verdicts);

    const formatted = await runCli(['fmt', '--check', '.', '--json'], { cwd: batch });
    expect(formatted.code).toBe(1);
    const files = list(parseJson(formatted), 'files');
    expect(files).toHaveLength(verdicts.size);
    for (const report of files) {
      const parsed = parseFlow(readFileSync(join(batch, String(at(report, 'file'))), 'utf8'));
      expect(at(report, 'status') === 'bad').toBe(!parsed.ok);
    }

    for (const [file, ok] of [...verdicts].slice(0, 8)) {
      const args = ['publish', file, '--plan', 'fuzz', '--version', file.replace('.flow.json', ''), '--dry-run', '--json'];
      const published = await runCli([...args, '--api-url', provider.url], { cwd: batch });
      expect(published.code, `${file}: ${published.stdout}`).toBe(ok ? 0 : 1);
    }
  });
});

// Issue 35: any Draft-7 validator reads schema/flow.schema.json as flowctl validate reads a file.
// The findings a JSON Schema can state: the schema's, the format's, and the field rules whose
// `minimum`/`maximum`/`enum`/`type` the schema also carries (validate words them as the spec does).
const SCHEMA_CODES: ReadonlySet<RuleCode> = new Set(['schema', 'wrong-format', 'out-of-range', 'not-an-option', 'not-a-number']);
// Found before the schema is read (nothing else is then checked): a limit or text a JSON parser keeps.
const BEFORE_SCHEMA: ReadonlySet<RuleCode> = new Set(['too-deep', 'reserved-key', 'invalid-text', 'duplicate-key']);

describe('schema/flow.schema.json read by another Draft-7 validator (@cfworker/json-schema)', () => {
  const schema: unknown = JSON.parse(readFileSync(join(REPO, 'packages', 'core', 'schema', 'flow.schema.json'), 'utf8'));
  if (!isRecord(schema)) throw new Error('the schema is an object');
  const validator = new Validator(schema, '7', false);

  it('refuses a mutant of an example exactly when validate finds a schema-level error in it', () => {
    const samples = fc.sample(mutantArb, { numRuns: 300, seed: 35 });
    let refused = 0;
    let compared = 0;
    samples.forEach(({ example, mutations }, i) => {
      const text = mutantText(example, mutations, `schema${i}`);
      const findings = validateFlowText(text);
      if (findings.some((f) => BEFORE_SCHEMA.has(f.code))) return;
      const schemaErrors = errorsOf(findings).filter((f) => SCHEMA_CODES.has(f.code));
      const value: unknown = JSON.parse(text);
      expect(validator.validate(value).valid, `${text}\n${JSON.stringify(schemaErrors)}`).toBe(schemaErrors.length === 0);
      compared += 1;
      if (schemaErrors.length > 0) refused += 1;
    });
    // The sample holds both kinds, metadata mutants among the refused ones.
    expect(compared).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(50);
    expect(compared - refused).toBeGreaterThan(50);
  });

  it('accepts every example, as validate does', () => {
    for (const example of examples) {
      expect(errorsOf(validateFlowText(JSON.stringify(example)))).toEqual([]);
      expect(validator.validate(example).valid).toBe(true);
    }
  });
});

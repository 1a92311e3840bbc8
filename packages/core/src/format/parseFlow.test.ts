import { describe, expect, it } from 'vitest';
import { flowMessages } from '../messages.js';
import { decodeFlowBytes, parseFlow } from './parseFlow.js';
import { serializeFlow } from './serializeFlow.js';
import { sampleFlow } from '../testing/testFlows.js';

const canonical = serializeFlow(sampleFlow());

describe('parseFlow', () => {
  it('gives back the document of a valid file, with no findings', () => {
    const result = parseFlow(canonical);
    expect(result.ok).toBe(true);
    expect(result.findings).toEqual([]);
    expect(result.doc).toEqual(JSON.parse(canonical));
  });

  it('reports malformed JSON once, with its line and column', () => {
    const broken = canonical.replace('"planId": "plan-1",', '"planId": "plan-1"');
    expect(parseFlow(broken)).toEqual({
      ok: false,
      findings: [
        {
          code: 'invalid-json',
          path: '$',
          severity: 'error',
          message: flowMessages.invalidJson("expected ',' or '}'"),
          line: 4,
          column: 3,
        },
      ],
    });
  });

  it('reports an empty file as an unexpected end', () => {
    expect(parseFlow('').findings).toEqual([
      {
        code: 'invalid-json',
        path: '$',
        severity: 'error',
        message: flowMessages.invalidJson('unexpected end of file'),
        line: 1,
        column: 1,
      },
    ]);
  });

  it('never throws on a file cut short anywhere, and always says where', () => {
    for (let cut = 0; cut < canonical.length - 1; cut += 1) {
      const result = parseFlow(canonical.slice(0, cut));
      expect(result.ok).toBe(false);
      expect(result.findings).toHaveLength(1);
      const [finding] = result.findings;
      expect(finding?.message.startsWith('Invalid JSON: ')).toBe(true);
      expect(finding?.line).toBeGreaterThanOrEqual(1);
      expect(finding?.column).toBeGreaterThanOrEqual(1);
    }
  });

  it('places the error of a cut file at its end', () => {
    const cut = canonical.slice(0, canonical.indexOf('"edges"'));
    const lines = cut.split('\n');
    const finding = parseFlow(cut).findings[0];
    expect([finding?.line, finding?.column]).toEqual([lines.length, (lines.at(-1)?.length ?? 0) + 1]);
  });

  it('names another format', () => {
    const result = parseFlow(canonical.replace('"format": "flow/1"', '"format": "flow/9"'));
    expect(result.findings).toEqual([
      { code: 'wrong-format', path: '$.format', severity: 'error', message: flowMessages.wrongFormat('flow/9'), line: 2, column: 13 },
    ]);
  });

  it('points schema findings at the offending value in the text', () => {
    const text = canonical.replace('"name": "Function f2"', '"name": 42').replace('"type": "workflow"', '"type": "loop"');
    const result = parseFlow(text);
    expect(result.ok).toBe(false);
    const lines = text.split('\n');
    for (const finding of result.findings) {
      const line = lines[(finding.line ?? 0) - 1] ?? '';
      expect(line.slice((finding.column ?? 0) - 1)).toMatch(/^(42|"loop")/);
    }
    expect(result.findings.map((f) => `${f.path}: ${f.message}`)).toEqual([
      '$.nodes[2].data.name: must be string',
      '$.nodes[3].type: must be one of function, prompt, workflow',
    ]);
  });

  it('places a missing property at the object that lacks it', () => {
    const text = canonical.replace('"agentNotes": "Be brief.",\n', '');
    expect(parseFlow(text).findings).toEqual([
      { code: 'schema', path: '$', severity: 'error', message: 'must have required property "agentNotes"', line: 1, column: 1 },
    ]);
  });

  it('reads a file that starts with a byte order mark, with a warning at 1:1', () => {
    const result = parseFlow(`\uFEFF${canonical}`);
    expect(result.ok).toBe(true);
    expect(result.findings).toEqual([
      { code: 'bom', path: '$', severity: 'warning', message: flowMessages.byteOrderMark, line: 1, column: 1 },
    ]);
  });

  it('refuses a repeated key, at the line and column of the second one', () => {
    const text = canonical.replace('"planId": "plan-1",', '"planId": "plan-1",\n  "planId": "plan-2",');
    const lines = text.split('\n');
    const line = lines.lastIndexOf('  "planId": "plan-2",') + 1;
    expect(parseFlow(text)).toEqual({
      ok: false,
      findings: [
        { code: 'duplicate-key', path: '$.planId', severity: 'error', message: flowMessages.duplicateKey('planId'), line, column: 3 },
      ],
    });
  });

  it('does not take a colon after an escaped quote in a string for a key', () => {
    const text = '{ "a": "say \\": here", "b\\\\": "\\\\", "c": ["\\":", { "d": 1 }] }';
    expect(parseFlow(text).findings.filter((f) => f.code === 'duplicate-key')).toEqual([]);
    const repeated = '{ "a\\"": 1, "a\\u0022": 2 }';
    expect(
      parseFlow(repeated)
        .findings.filter((f) => f.code === 'duplicate-key')
        .map((f) => [f.message, f.column]),
    ).toEqual([[flowMessages.duplicateKey('a"'), 13]]);
  });

  it('finds repeated keys at any depth and tells apart keys that only look alike', () => {
    const text =
      '{\n  "a": { "x": 1, "y": { "x": 2 }, "x": 3 },\n  "b": [{ "k": 1 }, { "k": 2, "\\u006b": 3 }],\n  "c": { "x": 1, "X": 2 }\n}\n';
    expect(parseFlow(text).findings.filter((f) => f.code === 'duplicate-key')).toEqual([
      { code: 'duplicate-key', path: '$.a.x', severity: 'error', message: flowMessages.duplicateKey('x'), line: 2, column: 35 },
      { code: 'duplicate-key', path: '$.b[1].k', severity: 'error', message: flowMessages.duplicateKey('k'), line: 3, column: 31 },
    ]);
  });

  it('never throws on text that is JSON but not a flow', () => {
    for (const text of [
      'null',
      '[]',
      '3',
      '"flow"',
      '{}',
      '{"format":"flow/1","nodes":[[[[]]]]}',
      '['.repeat(10_000) + ']'.repeat(10_000),
    ]) {
      const result = parseFlow(text);
      expect(result.ok).toBe(false);
      expect(result.findings.length).toBeGreaterThan(0);
    }
  });
});

describe('decodeFlowBytes', () => {
  it('decodes UTF-8 and keeps a BOM for the rules to see', () => {
    expect(decodeFlowBytes(new TextEncoder().encode('{"a":"é"}'))).toEqual({ ok: true, text: '{"a":"é"}' });
    expect(decodeFlowBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toEqual({ ok: true, text: '\uFEFF{}' });
  });

  it('refuses bytes that are not UTF-8, at the line and column of the first bad byte', () => {
    // Latin-1 "é" (0xe9) on line 2, after `  "a": "caf`.
    const bytes = new Uint8Array([...new TextEncoder().encode('{\n  "a": "caf'), 0xe9, ...new TextEncoder().encode('"\n}\n')]);
    expect(decodeFlowBytes(bytes)).toEqual({
      ok: false,
      finding: { code: 'not-utf8', path: '$', severity: 'error', message: flowMessages.notUtf8, line: 2, column: 12 },
    });
  });
});

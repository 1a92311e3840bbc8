import { describe, expect, it } from 'vitest';
import { validateFlow, validateFlowText } from '../rules/validateFlow.js';
import { MAX_FLOW_BYTES, MAX_JSON_DEPTH, RESERVED_KEYS, limitFindings, textFindings } from './limits.js';
import { decodeFlowBytes, parseFlow } from './parseFlow.js';
import { serializeFlow } from './serializeFlow.js';
import { sampleFlow } from '../testing/testFlows.js';

const TOO_DEEP = 'Nested deeper than 64 levels: a flow may not be (the provider refuses it too)';

/** The text of a valid flow whose first node's data holds `inner` (raw JSON text) under `extra`. */
function flowTextWith(inner: string): string {
  const text = serializeFlow(sampleFlow());
  return text.replace('"data": {', `"data": {\n        "extra": ${inner},`);
}

/** `levels` objects nested in each other, as text (JSON.stringify itself overflows on deep values). */
const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('limitFindings', () => {
  it('accepts 64 levels and refuses the 65th, at the first value past the limit', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(limitFindings(JSON.parse(nested(64)))).toEqual([]);
    expect(limitFindings(JSON.parse(`[${nested(63)}]`))).toEqual([]);
    expect(limitFindings(JSON.parse(nested(65)))).toEqual([
      { code: 'too-deep', severity: 'error', path: `$${'.a'.repeat(64)}`, message: TOO_DEEP },
    ]);
  });

  it('walks 100,000 levels without recursion and reports them once', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const findings = limitFindings(deep);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.path).toBe(`$${'[0]'.repeat(64)}`);
  });

  it('refuses __proto__, constructor and prototype as keys at any depth, in document order', () => {
    expect([...RESERVED_KEYS]).toEqual(['__proto__', 'constructor', 'prototype']);
    const value: unknown = JSON.parse('{"a":{"prototype":1},"b":[{"__proto__":{}}],"constructor":2,"ok":{"proto":3}}');
    expect(limitFindings(value)).toEqual([
      {
        code: 'reserved-key',
        severity: 'error',
        path: '$.a.prototype',
        message: 'The key "prototype" is refused: __proto__, constructor and prototype are never keys of a flow',
      },
      {
        code: 'reserved-key',
        severity: 'error',
        path: '$.b[0].__proto__',
        message: 'The key "__proto__" is refused: __proto__, constructor and prototype are never keys of a flow',
      },
      {
        code: 'reserved-key',
        severity: 'error',
        path: '$.constructor',
        message: 'The key "constructor" is refused: __proto__, constructor and prototype are never keys of a flow',
      },
    ]);
  });
});

describe('a flow past the limits', () => {
  it('gets only the too-deep finding from parseFlow, validateFlowText and validateFlow, with its line', () => {
    const text = flowTextWith(nested(5000));
    const parsed = parseFlow(text);
    expect(parsed.ok).toBe(false);
    const finding = { code: 'too-deep', severity: 'error', path: `$.nodes[0].data.extra${'.a'.repeat(60)}`, message: TOO_DEEP };
    const line = text.split('\n').findIndex((l) => l.includes('"extra"')) + 1;
    expect(parsed.findings).toEqual([{ ...finding, line, column: 18 + 5 * 60 }]);
    expect(validateFlowText(text)).toEqual(parsed.findings);
    expect(validateFlow(JSON.parse(text))).toEqual([finding]);
  });

  it('gets the reserved-key finding (even spelt with escapes), and nothing else', () => {
    const text = flowTextWith('{ "\\u0070rototype": { "x": 1 } }');
    const findings = validateFlowText(text);
    expect(findings.map((f) => [f.code, f.path])).toEqual([['reserved-key', '$.nodes[0].data.extra.prototype']]);
    expect(parseFlow(text).ok).toBe(false);
  });

  it('is refused as too large before it is decoded', () => {
    const bytes = new Uint8Array(MAX_FLOW_BYTES + 1).fill(0x20);
    expect(decodeFlowBytes(bytes)).toEqual({
      ok: false,
      finding: {
        code: 'too-large',
        severity: 'error',
        path: '$',
        line: 1,
        column: 1,
        message: `The file is ${MAX_FLOW_BYTES + 1} bytes, more than the 33554432 bytes a flow may have`,
      },
    });
    expect(decodeFlowBytes(new TextEncoder().encode(serializeFlow(sampleFlow()))).ok).toBe(true);
  });
});

describe('text a flow may not hold', () => {
  const withName = (name: string): string => {
    const doc = sampleFlow();
    const first = doc.nodes[0];
    if (first === undefined) throw new Error('fixture');
    first.data.name = name;
    return serializeFlow(doc);
  };

  it('refuses a NUL character or an unpaired surrogate, in parseFlow and validateFlowText alike, with its place', () => {
    for (const [name, problem] of [
      ['a\u0000b', 'a NUL character'],
      ['half \ud83d emoji', 'an unpaired surrogate'],
      ['\udc00 first', 'an unpaired surrogate'],
    ] as const) {
      const text = withName(name);
      const expected = {
        code: 'invalid-text',
        severity: 'error',
        path: '$.nodes[0].data.name',
        message: `Text at $.nodes[0].data.name contains ${problem}`,
      };
      const parsed = parseFlow(text);
      expect(parsed.ok).toBe(false);
      expect(parsed.findings).toEqual([expect.objectContaining({ ...expected, line: expect.any(Number), column: expect.any(Number) })]);
      expect(validateFlowText(text)).toEqual(parsed.findings);
    }
  });

  it('keeps a whole surrogate pair, written plainly or escaped, and finds a bad key', () => {
    expect(parseFlow(withName('ok 😀')).ok).toBe(true);
    expect(parseFlow(withName('ok 😀').replace('😀', '\\ud83d\\ude00')).ok).toBe(true);
    const value = { a: { 'k\u0000': 1 } };
    expect(textFindings(value, JSON.stringify(value))).toEqual([
      expect.objectContaining({ code: 'invalid-text', path: '$.a', message: 'A key at $.a contains a NUL character' }),
    ]);
    // No escape in the text, no walk: what JSON text cannot hold without one is not looked for.
    expect(textFindings({ a: 'b' }, '{"a":"b"}')).toEqual([]);
  });
});

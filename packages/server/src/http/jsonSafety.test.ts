import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { HttpError } from './HttpError.js';
import { MAX_JSON_DEPTH, checkJsonText, memberPlace } from './jsonSafety.js';

const nested = (levels: number, open = '[', close = ']'): string => `${open.repeat(levels)}${close.repeat(levels)}`;

function refusal(text: string): { code: string; message: string } | null {
  try {
    checkJsonText(text);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('checkJsonText', () => {
  it('accepts 64 levels of nesting and refuses 65, counting objects and arrays alike', () => {
    expect(refusal(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(refusal(`${'{"a":'.repeat(MAX_JSON_DEPTH - 1)}[]${'}'.repeat(MAX_JSON_DEPTH - 1)}`)).toBeNull();
    expect(refusal(nested(MAX_JSON_DEPTH + 1))).toEqual({ code: 'JSON_TOO_DEEP', message: 'Request body is nested deeper than 64 levels' });
    expect(refusal(`${'{"a":'.repeat(MAX_JSON_DEPTH)}[]${'}'.repeat(MAX_JSON_DEPTH)}`)?.code).toBe('JSON_TOO_DEEP');
  });

  it('refuses a million levels without exhausting the stack', () => {
    expect(refusal(nested(1_000_000))?.code).toBe('JSON_TOO_DEEP');
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const brackets = JSON.stringify({ text: `${'['.repeat(200)} \\" ${'{'.repeat(200)}`, quote: 'a "quoted" [ word' });
    expect(refusal(brackets)).toBeNull();
  });

  it('refuses __proto__, constructor and prototype as keys, at any depth and however escaped', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(refusal(`{"${key}": 1}`)).toEqual({
        code: 'FORBIDDEN_KEY',
        message: `Request body has the key "${key}": __proto__, constructor and prototype are refused as keys`,
      });
      expect(refusal(`[{"a": {"b": [{"${key}"  :{}}]}}]`)?.code).toBe('FORBIDDEN_KEY');
    }
    expect(refusal('{"__pro\\u0074o__": {"polluted": true}}')?.code).toBe('FORBIDDEN_KEY');
    const allEscaped = `{"${Array.from('constructor', (c) => c)
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')}": 1}`;
    expect(refusal(allEscaped)?.code).toBe('FORBIDDEN_KEY');
  });

  it('lets those words be values, parts of longer keys, or text inside strings', () => {
    expect(refusal('{"name": "constructor", "list": ["__proto__", "prototype"], "constructors": 1, "my_prototype": 2}')).toBeNull();
    expect(refusal('{"note": "{\\"__proto__\\": 1}"}')).toBeNull();
  });

  it('leaves malformed text to JSON.parse', () => {
    for (const text of ['{"a": ', '"unterminated', '{"__proto__', ']]]', '{"\\u00zz": 1}']) expect(refusal(text)).toBeNull();
  });
});

describe('memberPlace', () => {
  const memberText = (text: string, name: string): string | undefined => {
    const place = memberPlace(text, name);
    return place && text.slice(place.start, place.end);
  };

  it('gives the text of a top-level member exactly as sent, whatever its place, spacing and strings hold', () => {
    const doc = '{"a": [1, {"b": "},\\" \\\\"}], "doc": "x"}';
    expect(memberText(`{ "message": "doc", "doc" :\n ${doc} ,\t"variables": {}}`, 'doc')).toBe(doc);
    expect(memberText(`{"doc":${doc}}`, 'doc')).toBe(doc);
    expect(memberText('{"a": {"doc": 1}, "doc": 2 }', 'doc')).toBe('2');
  });

  it('gives what JSON.parse read for the member', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), fc.constantFrom(0, 2), (rest, doc, space) => {
        const text = JSON.stringify({ ...rest, doc }, null, space);
        const found = memberText(text, 'doc');
        // A key written with an escape is not read (JSON.stringify escapes control characters and quotes).
        if (Object.keys(rest).some((key) => JSON.stringify(key).includes('\\'))) return;
        expect(found).toBeDefined();
        expect(JSON.parse(found ?? '')).toEqual(JSON.parse(JSON.stringify(doc)));
        if (space === 0) expect(found).toBe(JSON.stringify(doc));
      }),
    );
  });

  it('gives nothing when JSON.parse could have read another text: the key twice, or any key written with an escape', () => {
    expect(memberText('{"doc": 1, "doc": 2}', 'doc')).toBeUndefined();
    expect(memberText('{"doc": 1, "d\\u006fc": 2}', 'doc')).toBeUndefined();
    expect(memberText('{"d\\u006fc": 2, "doc": 1}', 'doc')).toBeUndefined();
    expect(memberText('{"doc": 1, "a\\"b": 2}', 'doc')).toBeUndefined();
  });

  it('gives nothing for text that is not an object with the member', () => {
    for (const text of ['[{"doc": 1}]', '"doc"', '{"a": {"doc": 1}}', '{"a": "doc"}', '{}', 'null', '  '])
      expect(memberText(text, 'doc')).toBeUndefined();
  });
});

describe('request bodies over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const json = { 'Content-Type': 'application/json' };
  const routes = [
    ['PUT', '/api/flows/support-desk/production'],
    ['POST', '/api/flows/support-desk/production/publish'],
    ['POST', '/api/mate/support-desk/production/update-functions'],
    ['POST', '/api/workflows/save'],
    ['POST', '/api/gpt/support-desk/production/generate_system_prompt'],
  ] as const;

  it.each([100, 100_000])('refuses a body nested %i levels deep with 400 JSON_TOO_DEEP on every route, writing nothing', async (levels) => {
    const before = await snapshotFolder(server.dir);
    for (const [method, path] of routes) {
      const res = await rawRequest(server.url, method, path, { body: `{"functions":${nested(levels)}}`, headers: json });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ error: { code: 'JSON_TOO_DEEP', message: 'Request body is nested deeper than 64 levels' } });
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('refuses forbidden keys with 400 FORBIDDEN_KEY naming the key, writing nothing', async () => {
    const before = await snapshotFolder(server.dir);
    const bodies = [
      '{"name": "x", "json": {"steps": [], "__proto__": {"admin": true}}}',
      '{"name": "x", "planner_response": {"constructor": {"prototype": {}}}}',
      '{"name": "x", "planner_response": [{"prototype": 1}]}',
    ];
    const keys = ['__proto__', 'constructor', 'prototype'];
    for (const [i, body] of bodies.entries()) {
      const res = await rawRequest(server.url, 'POST', '/api/workflows/save', { body, headers: json });
      expect(res.status).toBe(400);
      const error: { error: { code: string; message: string } } = JSON.parse(res.text);
      expect(error.error.code).toBe('FORBIDDEN_KEY');
      expect(error.error.message).toContain(`"${keys[i] ?? ''}"`);
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
    expect(Object.prototype).not.toHaveProperty('admin');
  });

  it('accepts a body nested exactly 64 levels deep, and refuses 65', async () => {
    const levels = (n: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < n; i++) value = [value];
      return value;
    };
    // The body object is the first level.
    const ok = await server.call('POST', '/api/workflows/save', {
      json: { name: 'Deep', plan_id: 'support-desk', planner_response: levels(63) },
    });
    expect(ok.status).toBe(200);
    const deep = await server.call('POST', '/api/workflows/save', {
      json: { name: 'Deep', plan_id: 'support-desk', planner_response: levels(64) },
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ error: { code: 'JSON_TOO_DEEP' } });
  });
});

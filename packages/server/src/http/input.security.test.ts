import { readFileSync } from 'node:fs';
import { describe, expect, it, afterEach } from 'vitest';
import { usePostgres } from '../store/pg/pgTest.test-helper.js';
import { rawRequest, sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { BODY_LIMITS } from './body.js';
import { HttpError } from './HttpError.js';
import { checkJsonStrings } from './jsonSafety.js';

const API_MD = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');

/** The refusal of a parsed body's strings, or null when they are all kept. */
function refusal(value: unknown): { code: string; message: string } | null {
  try {
    checkJsonStrings(JSON.stringify(value), value);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('checkJsonStrings: NUL characters and unpaired surrogates', () => {
  it('names the JSON path of the first string that holds one', () => {
    expect(refusal({ nodes: [{ data: { name: 'ok' } }, { data: { name: 'a\u0000b' } }] })).toEqual({
      code: 'INVALID_TEXT',
      message: 'Text at $.nodes[1].data.name contains a NUL character',
    });
    expect(refusal({ list: ['fine', { 'odd key': 'x\uD800' }] })).toEqual({
      code: 'INVALID_TEXT',
      message: 'Text at $.list[1]["odd key"] contains an unpaired surrogate',
    });
    expect(refusal(['\uDC00 alone'])?.message).toBe('Text at $[0] contains an unpaired surrogate');
    expect(refusal('\uD83D')?.message).toBe('Text at $ contains an unpaired surrogate');
    expect(refusal({ a: { 'k\u0000': 1 } })?.message).toBe('A key at $.a contains a NUL character');
  });

  it('keeps emoji (escaped pairs included), the escaped text "\\u0000" and everything else', () => {
    expect(refusal({ name: 'Smile 😀', note: 'a\\u0000b', list: [1, true, null, 'é'] })).toBeNull();
    const escapedPair = '{"name": "\\ud83d\\ude00"}';
    expect(() => checkJsonStrings(escapedPair, JSON.parse(escapedPair))).not.toThrow();
  });

  it('walks a body 64 levels deep and 100,000 strings wide without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 64; i++) deep = [deep];
    expect(refusal(deep)?.message).toBe(`Text at $${'[0]'.repeat(64)} contains a NUL character`);
    const wide = Array.from({ length: 100_000 }, (_, i) => (i === 99_999 ? '\uDFFF' : `s${i}`));
    expect(refusal(wide)?.message).toBe('Text at $[99999] contains an unpaired surrogate');
  });
});

/** A valid flow whose function is named `text`. */
const flowNamed = (text: string): unknown =>
  JSON.parse(JSON.stringify(sampleFlow('texts', 'production', 1)).replace('"name":"Step 1"', `"name":${JSON.stringify(text)}`));

/** A body of each JSON write, with `text` where a person's words go. */
const WRITES = [
  ['PUT', '/api/flows/texts/production', flowNamed, '$.nodes[1].data.name'],
  ['POST', '/api/workflows/save', (text: string) => ({ name: text, plan_id: 'support-desk' }), '$.name'],
  [
    'POST',
    '/api/mate/support-desk/production/update-functions',
    (text: string) => ({ functions: [{ uuid: 'fn-new', type: 'instruct', name: text, metadata: { prompt: 'p' } }] }),
    '$.functions[0].name',
  ],
] as const;

describe('published text with a NUL character or an unpaired surrogate', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each([
    ['a NUL character', 'Step\u0000'],
    ['an unpaired surrogate', 'Step \uD800'],
  ])('is refused with 400 INVALID_TEXT by every JSON write of the folder store, %s', async (problem, text) => {
    server = await startTestServer();
    const before = await snapshotFolder(server.dir);
    for (const [method, path, body, at] of WRITES) {
      const res = await server.call(method, path, { json: body(text), headers: { 'If-None-Match': '*' } });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'INVALID_TEXT', message: `Text at ${at} contains ${problem}` } });
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('refuses a NUL character in a sign-in form field with 400 INVALID_TEXT', async () => {
    server = await startTestServer({ token: 'form-token' });
    const res = await server.call('POST', '/signin', {
      body: 'token=form-token&next=%2Fsupport-desk%00',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({ error: { code: 'INVALID_TEXT', message: 'The form field "next" contains a NUL character' } });
  });

  it('still takes a flow whose text is escaped as \\uXXXX, emoji pairs included', async () => {
    server = await startTestServer();
    const doc = JSON.stringify(sampleFlow('texts', 'production', 1, 'Smile 😀')).replace('😀', '\\ud83d\\ude00');
    const res = await rawRequest(server.url, 'PUT', '/api/flows/texts/production', {
      body: doc,
      headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
    });
    expect(res.status).toBe(200);
    const stored = await (await server.call('GET', '/api/flows/texts/production')).text();
    expect(stored).toContain('Smile 😀 1');
  });
});

describe('published text on the PostgreSQL store', () => {
  const pg = usePostgres();

  it('is refused with 400 INVALID_TEXT before the database sees it (it answered 500 to a NUL)', async () => {
    const started = await startTestServer({ database: await pg.database(), seedDir: null });
    pg.cleanup(() => started.close());
    for (const [problem, text] of [
      ['a NUL character', 'Step\u0000'],
      ['an unpaired surrogate', 'Step \uD800'],
    ] as const) {
      const res = await started.call('PUT', '/api/flows/texts/production', {
        json: flowNamed(text),
        headers: { 'If-None-Match': '*' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'INVALID_TEXT', message: `Text at $.nodes[1].data.name contains ${problem}` } });
    }
    expect((await started.call('GET', '/api/flows/texts/production')).status).toBe(404);
  });
});

describe('docs/api.md', () => {
  it('gives the body limits the code enforces', () => {
    const row = API_MD.split('\n').find((line) => line.startsWith('| 413 |')) ?? '';
    const mib = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`;
    expect(row).toContain(`a body over ${mib(BODY_LIMITS.flow)} (`);
    expect(row).toContain(`or ${mib(BODY_LIMITS.default)} (the rest)`);
  });
});

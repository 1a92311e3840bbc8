import { describe, expect, it } from 'vitest';
import { extractJsonObject } from './extractJsonObject.js';

const FLOW = { nodes: [{ type: 'prompt', label: 'Greet' }], lastUpdated: '2025-01-01T00:00:00.000Z' };
const TEXT = JSON.stringify(FLOW, null, 2);

describe('extractJsonObject', () => {
  it('reads a reply that is plain JSON', () => {
    expect(extractJsonObject(TEXT)).toEqual({ ok: true, value: FLOW });
    expect(extractJsonObject(`\n  ${TEXT}\n`)).toEqual({ ok: true, value: FLOW });
  });

  it('reads the object inside a ```json fence and inside a bare ``` fence', () => {
    expect(extractJsonObject(`Here is your workflow:\n\`\`\`json\n${TEXT}\n\`\`\`\nEnjoy!`)).toEqual({ ok: true, value: FLOW });
    expect(extractJsonObject(`\`\`\`\n${TEXT}\n\`\`\``)).toEqual({ ok: true, value: FLOW });
    expect(extractJsonObject(`\`\`\`json ${JSON.stringify(FLOW)}\`\`\``)).toEqual({ ok: true, value: FLOW });
  });

  it('prefers the fenced object to one in the prose before it', () => {
    const reply = `An example of one node is {"type": "prompt"}. The workflow:\n\`\`\`json\n${TEXT}\n\`\`\``;
    expect(extractJsonObject(reply)).toEqual({ ok: true, value: FLOW });
  });

  it('finds the object in prose around it', () => {
    expect(extractJsonObject(`Sure! Here it is: ${TEXT} Let me know if you want changes.`)).toEqual({ ok: true, value: FLOW });
  });

  it('forgives trailing commas outside strings, and leaves commas inside strings alone', () => {
    const reply = '{"nodes": [{"type": "prompt", "label": "a ,} b ,]", "prompt": "x",},], "lastUpdated": "now",}';
    expect(extractJsonObject(reply)).toEqual({
      ok: true,
      value: { nodes: [{ type: 'prompt', label: 'a ,} b ,]', prompt: 'x' }], lastUpdated: 'now' },
    });
  });

  it('matches nested braces, and braces and escaped quotes inside strings', () => {
    const value = {
      nodes: [{ type: 'function', label: 'Say "}{"', prompt: 'Use {{name}} and \\"{" here', meta: { deep: { er: [1, { x: '}' }] } } }],
    };
    expect(extractJsonObject(`Answer: ${JSON.stringify(value)} (done) }`)).toEqual({ ok: true, value });
  });

  it('takes the first of two objects', () => {
    expect(extractJsonObject('{"first": 1} and then {"second": 2}')).toEqual({ ok: true, value: { first: 1 } });
  });

  it('skips braces in prose that are not JSON and goes on to the object', () => {
    expect(extractJsonObject(`Fill in {name} later. ${TEXT}`)).toEqual({ ok: true, value: FLOW });
  });

  it('gives a reason when there is no JSON object, when it does not parse and when it is not closed', () => {
    expect(extractJsonObject('I cannot help with that.')).toEqual({ ok: false, reason: 'no JSON object in the reply' });
    expect(extractJsonObject('[1, 2, 3]')).toEqual({ ok: false, reason: 'no JSON object in the reply' });
    const broken = extractJsonObject('{"nodes": [oops]}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.reason).toMatch(/^the JSON object in the reply does not parse: /);
    expect(extractJsonObject('{"nodes": [')).toEqual({ ok: false, reason: 'the JSON object in the reply is not closed' });
  });
});

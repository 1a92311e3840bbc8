import { describe, expect, it } from 'vitest';
import { compileFlow } from './compileFlow.js';
import { buildFlow, functionNode } from './flowFixtures.js';

// A flow within the limits can still hold JSON text nested without limit in a string field: the
// compiler parses a request body to hide its secrets, and must not walk such a text.
describe('compileFlow over deep JSON text in metadata', () => {
  it('shows a request body nested 100,000 levels deep as written, without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const call = { method: 'POST', url: 'https://shop.example.com/api/orders', body: { raw: { data: deep } } };
    const doc = buildFlow([[functionNode('fn-1', 'http_calls', { apicalls: [call] }, { name: 'Step' })]]);
    const lines = compileFlow(doc).system_message.split('\n');
    expect(lines).toContain('   Body:');
    expect(lines.some((line) => line.includes(deep))).toBe(true);
  });
});

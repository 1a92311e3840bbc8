import { describe, expect, it } from 'vitest';
import { GENERATE_LIMITS, checkGeneratedFlow } from './generatedFlow.js';

const node = (over: Record<string, unknown> = {}) => ({
  type: 'prompt',
  label: 'Greet',
  description: 'Opens the talk',
  prompt: 'Say hello',
  emoji: '👋',
  ...over,
});

const reasonOf = (value: unknown): string => {
  const checked = checkGeneratedFlow(value);
  return checked.ok ? 'ok' : checked.reason;
};

describe('checkGeneratedFlow', () => {
  it('accepts the workflow schema and trims its strings', () => {
    const checked = checkGeneratedFlow({
      nodes: [node({ label: '  Greet  ', prompt: ' Say hello\n' }), node({ type: 'function', label: 'Look up order', emoji: '🔎' })],
      lastUpdated: ' 2025-03-01T10:00:00.000Z ',
    });
    expect(checked).toEqual({
      ok: true,
      flow: {
        nodes: [
          { type: 'prompt', label: 'Greet', description: 'Opens the talk', prompt: 'Say hello', emoji: '👋' },
          { type: 'function', label: 'Look up order', description: 'Opens the talk', prompt: 'Say hello', emoji: '🔎' },
        ],
        lastUpdated: '2025-03-01T10:00:00.000Z',
      },
    });
  });

  it('fills what may be missing: description and prompt empty, the default badge, lastUpdated now', () => {
    const before = Date.now();
    const checked = checkGeneratedFlow({
      nodes: [
        { type: 'prompt', label: 'Greet' },
        { type: 'Function', label: 'Act', description: null, emoji: ' ' },
      ],
    });
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.flow.nodes).toEqual([
      { type: 'prompt', label: 'Greet', description: '', prompt: '', emoji: '⚡' },
      { type: 'function', label: 'Act', description: '', prompt: '', emoji: '⚡' },
    ]);
    expect(Date.parse(checked.flow.lastUpdated)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('caps long texts without cutting an emoji in half', () => {
    const checked = checkGeneratedFlow({ nodes: [node({ label: 'x'.repeat(500), emoji: '🙂'.repeat(40) })] });
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.flow.nodes[0]?.label).toHaveLength(120);
    expect(checked.flow.nodes[0]?.emoji).toBe('🙂'.repeat(16));
  });

  it('names the path of what is wrong', () => {
    expect(reasonOf('text')).toBe('the answer must be a JSON object with nodes and lastUpdated');
    expect(reasonOf({ lastUpdated: 'now' })).toBe('nodes must be a non-empty array');
    expect(reasonOf({ nodes: [] })).toBe('nodes must be a non-empty array');
    expect(reasonOf({ nodes: { 0: node() } })).toBe('nodes must be a non-empty array');
    const many = Array.from({ length: GENERATE_LIMITS.maxNodes + 1 }, () => node());
    expect(reasonOf({ nodes: many })).toBe(`nodes must hold at most ${GENERATE_LIMITS.maxNodes} nodes (it holds ${many.length})`);
    expect(reasonOf({ nodes: [node(), 'Greet'] })).toBe('nodes[1] must be an object');
    expect(reasonOf({ nodes: [node(), node({ type: 'workflow' })] })).toBe("nodes[1].type must be 'prompt' or 'function'");
    expect(reasonOf({ nodes: [node({ type: undefined })] })).toBe("nodes[0].type must be 'prompt' or 'function'");
    expect(reasonOf({ nodes: [node(), node(), node({ label: '   ' })] })).toBe('nodes[2].label must be a non-empty string');
    expect(reasonOf({ nodes: [node({ label: undefined })] })).toBe('nodes[0].label must be a non-empty string');
    expect(reasonOf({ nodes: [node({ label: 7 })] })).toBe('nodes[0].label must be a string');
    expect(reasonOf({ nodes: [node({ description: ['a'] })] })).toBe('nodes[0].description must be a string');
    expect(reasonOf({ nodes: [node({ prompt: { text: 'x' } })] })).toBe('nodes[0].prompt must be a string');
    expect(reasonOf({ nodes: [node({ emoji: 1 })] })).toBe('nodes[0].emoji must be a string');
    expect(reasonOf({ nodes: [node()], lastUpdated: 1700000000 })).toBe('lastUpdated must be a string');
    expect(reasonOf({ nodes: [node()], lastUpdated: 'yesterday' })).toBe('ok');
  });
});

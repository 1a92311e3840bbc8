import { describe, expect, it } from 'vitest';
import { parseCardPayload } from './cardPayload';

describe('parseCardPayload', () => {
  it('reads a function card', () => {
    expect(parseCardPayload(JSON.stringify({ kind: 'function', type: 'instruct', name: 'Instruct' }))).toEqual({
      kind: 'function',
      type: 'instruct',
      name: 'Instruct',
    });
  });

  it('reads a workflow card and drops unknown fields', () => {
    expect(parseCardPayload(JSON.stringify({ kind: 'workflow', id: 'w1', extra: true }))).toEqual({ kind: 'workflow', id: 'w1' });
  });

  it('refuses broken JSON, other shapes and missing fields', () => {
    expect(parseCardPayload('')).toBeNull();
    expect(parseCardPayload('{')).toBeNull();
    expect(parseCardPayload('[]')).toBeNull();
    expect(parseCardPayload('null')).toBeNull();
    expect(parseCardPayload(JSON.stringify({ kind: 'function', type: 'instruct' }))).toBeNull();
    expect(parseCardPayload(JSON.stringify({ kind: 'workflow', id: 7 }))).toBeNull();
    expect(parseCardPayload(JSON.stringify({ kind: 'file', id: 'x' }))).toBeNull();
  });
});

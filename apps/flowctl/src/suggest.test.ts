import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and transpositions as one each', () => {
    expect(editDistance('validate', 'validate')).toBe(0);
    expect(editDistance('valdate', 'validate')).toBe(1);
    expect(editDistance('vaildate', 'validate')).toBe(1);
    expect(editDistance('fmt', 'diff')).toBe(4);
  });
});

describe('closest', () => {
  const commands = ['init', 'validate', 'fmt', 'diff', 'compile', 'fetch', 'publish', 'workflows', 'run', 'serve'];

  it('finds the command a typo meant', () => {
    expect(closest('valdate', commands)).toBe('validate');
    expect(closest('pubish', commands)).toBe('publish');
    expect(closest('serv', commands)).toBe('serve');
    expect(closest('--frmat', ['--format', '--json', '--quiet'])).toBe('--format');
  });

  it('always names one candidate when there is any, and none when there is none', () => {
    expect(closest('zzzzzz', commands)).toBeDefined();
    expect(closest('x', [])).toBeUndefined();
  });
});
